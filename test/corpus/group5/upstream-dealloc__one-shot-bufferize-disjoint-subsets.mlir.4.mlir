































































module {
  func.func @cross_iteration_insert(%arg0: memref<4xf32, strided<[?], offset: ?>>, %arg1: memref<1xf32, strided<[?], offset: ?>>) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 0.000000e+00 : f32
    %0 = scf.for %arg2 = %c1 to %c4 step %c1 iter_args(%arg3 = %cst) -> (f32) {
      %1 = arith.subi %arg2, %c1 : index
      %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
      memref.copy %arg0, %alloc : memref<4xf32, strided<[?], offset: ?>> to memref<4xf32>
      %subview = memref.subview %alloc[%arg2] [1] [1] : memref<4xf32> to memref<1xf32, strided<[1], offset: ?>>
      memref.copy %arg1, %subview : memref<1xf32, strided<[?], offset: ?>> to memref<1xf32, strided<[1], offset: ?>>
      %subview_0 = memref.subview %arg0[%1] [1] [1] : memref<4xf32, strided<[?], offset: ?>> to memref<1xf32, strided<[?], offset: ?>>
      %2 = memref.load %alloc[%arg2] : memref<4xf32>
      %3 = memref.load %subview_0[%c0] : memref<1xf32, strided<[?], offset: ?>>
      %4 = arith.addf %2, %3 : f32
      %5 = arith.addf %arg3, %4 : f32
      memref.dealloc %alloc : memref<4xf32>
      scf.yield %5 : f32
    }
    return %0 : f32
  }
}


































