

























































































module {
  func.func @fresh_definition_in_loop(%arg0: f32) -> f32 {
    %c3 = arith.constant 3 : index
    %c2 = arith.constant 2 : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 0.000000e+00 : f32
    %0 = scf.for %arg1 = %c1 to %c4 step %c1 iter_args(%arg2 = %cst) -> (f32) {
      %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
      memref.store %arg0, %alloc[%c0] : memref<4xf32>
      memref.store %arg0, %alloc[%c1] : memref<4xf32>
      memref.store %arg0, %alloc[%c2] : memref<4xf32>
      memref.store %arg0, %alloc[%c3] : memref<4xf32>
      %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
      %subview = memref.subview %alloc[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
      linalg.fill ins(%cst : f32) outs(%alloc_0 : memref<2xf32>)
      %1 = memref.load %alloc_0[%c0] : memref<2xf32>
      %2 = memref.load %subview[%c0] : memref<2xf32, strided<[1], offset: 2>>
      %3 = arith.addf %1, %2 : f32
      %4 = arith.addf %arg2, %3 : f32
      memref.dealloc %alloc : memref<4xf32>
      memref.dealloc %alloc_0 : memref<2xf32>
      scf.yield %4 : f32
    }
    return %0 : f32
  }
}

// mlir-opt refused these chunks (their output is missing above):
// upstream-bufferized/one-shot-bufferize-disjoint-subsets.mlir:92:3: error: Only structured control-flow loops are supported.
