// test/corpus/upstream/buffer-deallocation-simplification.mlir's @dealloc_split_when_no_other_aliasing (the chunk at line 55),
// as copied there from upstream MLIR's pattern test (see the license header
// there): bufferization.dealloc lowered by the harness. Backs the corpus's
// expected findings of this function (test/corpus/expected/upstream/).
// EXEC: lower-bufferization
// EXPECT: combo arg0=0 arg3=0: leak 2
// EXPECT: combo arg0=0 arg3=1: invalid-free, leak 2
// EXPECT: combo arg0=1 arg3=0: leak 2
// EXPECT: combo arg0=1 arg3=1: invalid-free, leak 2
func.func @dealloc_split_when_no_other_aliasing(%arg0: i1, %arg1: memref<2xi32>, %arg2: memref<2xi32>, %arg3: i1) -> (i1, i1) {
  %alloc = memref.alloc() : memref<2xi32>
  %alloc0 = memref.alloc() : memref<2xi32>
  %0 = arith.select %arg0, %alloc, %alloc0 : memref<2xi32>
  %1:2 = bufferization.dealloc (%alloc, %arg2 : memref<2xi32>, memref<2xi32>) if (%arg0, %arg3) retain (%arg1, %0 : memref<2xi32>, memref<2xi32>)
  return %1#0, %1#1 : i1, i1
}
