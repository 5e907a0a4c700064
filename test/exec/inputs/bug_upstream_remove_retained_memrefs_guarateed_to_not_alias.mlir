// test/corpus/upstream/buffer-deallocation-simplification.mlir's @remove_retained_memrefs_guarateed_to_not_alias (the chunk at line 46),
// as copied there from upstream MLIR's pattern test (see the license header
// there): bufferization.dealloc lowered by the harness. Backs the corpus's
// expected findings of this function (test/corpus/expected/upstream/).
// EXEC: lower-bufferization
// EXPECT: combo arg0=0: leak 1
// EXPECT: combo arg0=1: returns-freed, leak 1
func.func @remove_retained_memrefs_guarateed_to_not_alias(%arg0: i1, %arg1: memref<2xi32>) -> (i1, i1, memref<2xi32>) {
  %alloc = memref.alloc() : memref<2xi32>
  %alloc0 = memref.alloc() : memref<2xi32>
  %0:2 = bufferization.dealloc (%alloc : memref<2xi32>) if (%arg0) retain (%alloc0, %arg1 : memref<2xi32>, memref<2xi32>)
  return %0#0, %0#1, %alloc : i1, i1, memref<2xi32>
}
