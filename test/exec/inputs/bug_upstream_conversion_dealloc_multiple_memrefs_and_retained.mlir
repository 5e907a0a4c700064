// test/corpus/upstream/lower-deallocations.mlir's @conversion_dealloc_multiple_memrefs_and_retained (the chunk at line 41),
// as copied there from upstream MLIR's pattern test (see the license header
// there): bufferization.dealloc lowered by the harness. Backs the corpus's
// expected findings of this function (test/corpus/expected/upstream/).
// EXEC: lower-bufferization
// EXPECT: combo arg3=0 arg4=0: ok
// EXPECT: combo arg3=0 arg4=1: invalid-free
// EXPECT: combo arg3=1 arg4=0: invalid-free
// EXPECT: combo arg3=1 arg4=1: invalid-free
func.func @conversion_dealloc_multiple_memrefs_and_retained(%arg0: memref<2xf32>, %arg1: memref<5xf32>, %arg2: memref<1xf32>, %arg3: i1, %arg4: i1, %arg5: memref<2xf32>) -> (i1, i1) {
  %0:2 = bufferization.dealloc (%arg0, %arg1 : memref<2xf32>, memref<5xf32>) if (%arg3, %arg4) retain (%arg2, %arg5 : memref<1xf32>, memref<2xf32>)
  return %0#0, %0#1 : i1, i1
}
