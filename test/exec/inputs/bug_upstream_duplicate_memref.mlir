// test/corpus/upstream/buffer-deallocation-simplification.mlir's @duplicate_memref (the chunk at line 104),
// as copied there from upstream MLIR's pattern test (see the license header
// there): bufferization.dealloc lowered by the harness. Backs the corpus's
// expected findings of this function (test/corpus/expected/upstream/).
// EXEC: lower-bufferization
// EXPECT: combo arg2=0: ok
// EXPECT: combo arg2=1: invalid-free
func.func @duplicate_memref(%arg0: memref<5xf32>, %arg1: memref<6xf32>, %c: i1) -> i1 {
  %0 = bufferization.dealloc (%arg0, %arg0 : memref<5xf32>, memref<5xf32>) if (%c, %c) retain (%arg1 : memref<6xf32>)
  return %0 : i1
}
