// test/corpus/upstream/lower-deallocations.mlir's @conversion_dealloc_one_memref_and_multiple_retained (the chunk at line 34),
// as copied there from upstream MLIR's pattern test (see the license header
// there): bufferization.dealloc lowered by the harness. Backs the corpus's
// expected findings of this function (test/corpus/expected/upstream/).
// EXEC: lower-bufferization
// EXPECT: combo arg2=0: ok
// EXPECT: combo arg2=1: invalid-free
func.func @conversion_dealloc_one_memref_and_multiple_retained(%arg0: memref<2xf32>, %arg1: memref<1xf32>, %arg2: i1, %arg3: memref<2xf32>) -> (i1, i1) {
  %0:2 = bufferization.dealloc (%arg0 : memref<2xf32>) if (%arg2) retain (%arg1, %arg3 : memref<1xf32>, memref<2xf32>)
  return %0#0, %0#1 : i1, i1
}
