// upstream's @auto_dealloc (test/lit/classic/repair-existing-frees.mlir
// says where from), with a read of the reallocated buffer stored to %sink
// so that it stays: the realloc frees %alloc, the plan frees %realloc.
// EXEC: @auto_dealloc expand-realloc
// EXPECT: combo: ok
func.func @auto_dealloc(%sink: memref<i32>) {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %c100 = arith.constant 100 : index
  %alloc = memref.alloc(%c10) : memref<?xi32>
  %realloc = memref.realloc %alloc(%c100) : memref<?xi32> to memref<?xi32>
  %v = memref.load %realloc[%c0] : memref<?xi32>
  memref.store %v, %sink[] : memref<i32>
  return
}
