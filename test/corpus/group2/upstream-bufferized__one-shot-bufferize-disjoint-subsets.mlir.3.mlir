









































module {
  func.func @cross_iteration_fill(%arg0: memref<4xf32, strided<[?], offset: ?>>) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+02 : f32
    %0 = scf.for %arg1 = %c1 to %c4 step %c1 iter_args(%arg2 = %cst) -> (f32) {
      %1 = arith.subi %arg1, %c1 : index
      %subview = memref.subview %arg0[%arg1] [1] [1] : memref<4xf32, strided<[?], offset: ?>> to memref<1xf32, strided<[?], offset: ?>>
      %alloc = memref.alloc() {alignment = 64 : i64} : memref<1xf32>
      %subview_1 = memref.subview %arg0[%1] [1] [1] : memref<4xf32, strided<[?], offset: ?>> to memref<1xf32, strided<[?], offset: ?>>
      linalg.fill ins(%cst_0 : f32) outs(%alloc : memref<1xf32>)
      %2 = memref.load %alloc[%c0] : memref<1xf32>
      %3 = memref.load %subview_1[%c0] : memref<1xf32, strided<[?], offset: ?>>
      %4 = arith.addf %2, %3 : f32
      %5 = arith.addf %arg2, %4 : f32
      scf.yield %5 : f32
    }
    return %0 : f32
  }
}























































































