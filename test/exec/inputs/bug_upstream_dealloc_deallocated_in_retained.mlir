// test/corpus/upstream/buffer-deallocation-simplification.mlir's @dealloc_deallocated_in_retained (the chunk at line 16),
// as copied there from upstream MLIR's pattern test (see the license header
// there): bufferization.dealloc lowered by the harness. Backs the corpus's
// expected findings of this function (test/corpus/expected/upstream/).
// EXEC: lower-bufferization
// EXPECT: combo arg1=0 arg3=0: leak 1
// EXPECT: combo arg1=0 arg3=1: leak 1
// EXPECT: combo arg1=1 arg3=0: invalid-free, leak 1
// EXPECT: combo arg1=1 arg3=1: invalid-free, leak 1
func.func @dealloc_deallocated_in_retained(%arg0: memref<2xi32>, %arg1: i1, %arg2: memref<2xi32>, %arg3: i1) -> (i1, i1, i1, i1, i1, i1, i1) {
  %0 = bufferization.dealloc (%arg0 : memref<2xi32>) if (%arg1) retain (%arg0 : memref<2xi32>)
  %1 = bufferization.dealloc (%arg0, %arg2 : memref<2xi32>, memref<2xi32>) if (%arg1, %arg1) retain (%arg0 : memref<2xi32>)
  %2:2 = bufferization.dealloc (%arg0 : memref<2xi32>) if (%arg1) retain (%arg0, %arg2 : memref<2xi32>, memref<2xi32>)
  // multiple must-alias
  %3 = memref.subview %arg0[0][1][1] : memref<2xi32> to memref<i32>
  %4 = memref.subview %arg0[1][1][1] : memref<2xi32> to memref<1xi32, strided<[1], offset: 1>>
  %alloc = memref.alloc() : memref<2xi32>
  %5:3 = bufferization.dealloc (%arg0, %4 : memref<2xi32>, memref<1xi32, strided<[1], offset: 1>>) if (%arg1, %arg3) retain (%arg0, %alloc, %3 : memref<2xi32>, memref<2xi32>, memref<i32>)
  return %0, %1, %2#0, %2#1, %5#0, %5#1, %5#2 : i1, i1, i1, i1, i1, i1, i1
}
