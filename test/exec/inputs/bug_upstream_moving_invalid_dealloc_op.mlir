// test/corpus/upstream/buffer-deallocation.mlir's @moving_invalid_dealloc_op
// as written (upstream's input to the classic pass): the free comes before
// the last read of %0. Backs the corpus's expected BL103 at line 402.
// EXEC: @moving_invalid_dealloc_op
// EXPECT: combo: use-after-free
func.func @moving_invalid_dealloc_op(%arg0 : memref<2xf32>, %arg1: memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %arg0, %0 : memref<2xf32> to memref<2xf32>
  memref.dealloc %0 : memref<2xf32>
  memref.copy %0, %arg1 : memref<2xf32> to memref<2xf32>
  return
}
