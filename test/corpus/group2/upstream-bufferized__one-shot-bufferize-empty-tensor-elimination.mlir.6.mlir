

















































































module {
  func.func @eleminate_multiple_ops(%arg0: memref<?xf32>, %arg1: index, %arg2: i1) -> memref<?xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %0 = scf.if %arg2 -> (memref<?xf32, strided<[1], offset: 42>>) {
      %subview_1 = memref.subview %arg0[42] [%arg1] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: 42>>
      linalg.fill ins(%cst : f32) outs(%subview_1 : memref<?xf32, strided<[1], offset: 42>>)
      scf.yield %subview_1 : memref<?xf32, strided<[1], offset: 42>>
    } else {
      %subview_1 = memref.subview %arg0[42] [%arg1] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: 42>>
      linalg.fill ins(%cst_0 : f32) outs(%subview_1 : memref<?xf32, strided<[1], offset: 42>>)
      scf.yield %subview_1 : memref<?xf32, strided<[1], offset: 42>>
    }
    %subview = memref.subview %arg0[42] [%arg1] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: 42>>
    memref.copy %0, %subview : memref<?xf32, strided<[1], offset: 42>> to memref<?xf32, strided<[1], offset: 42>>
    return %arg0 : memref<?xf32>
  }
}



























































