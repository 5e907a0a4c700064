// examples/dynamic_allocation.mlir without its dealloc: the clone is
// returned, the original leaks. Exercises lower-bufferization.
// EXEC: @dynamic_allocation lower-bufferization arg0=3 arg1=5
// EXPECT: combo: leak 1
func.func @dynamic_allocation(%arg0: index, %arg1: index) -> memref<?x?xf32> {
  %1 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
  %2 = bufferization.clone %1 : memref<?x?xf32> to memref<?x?xf32>
  return %2 : memref<?x?xf32>
}
