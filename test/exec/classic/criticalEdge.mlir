// upstream's @criticalEdge (mlir/test/Dialect/Bufferization/Transforms/
// buffer-deallocation.mlir at 45d17e2243e831916d778bcc7dfc4d91a252cfb1;
// test.buffer_based / test.copy are memref.copy). The clone of %arg1 in
// front of the cf.cond_br goes to ^bb2 on the false edge only: the plan
// frees it at the start of ^bb1, or the run through ^bb1 leaks it.
// EXEC: @criticalEdge lower-bufferization
// EXPECT: combo arg0=0: ok
// EXPECT: combo arg0=1: ok
func.func @criticalEdge(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>) {
  cf.cond_br %arg0, ^bb1, ^bb2(%arg1 : memref<2xf32>)
^bb1:
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %arg1, %0 : memref<2xf32> to memref<2xf32>
  cf.br ^bb2(%0 : memref<2xf32>)
^bb2(%1: memref<2xf32>):
  memref.copy %1, %arg2 : memref<2xf32> to memref<2xf32>
  return
}
