// Two redundant clones of %1 freed by the one dealloc: both fixes delete
// that dealloc, so only the first applies.
func.func @two_clones_one_free(%n: index) -> (memref<?xf32>, memref<?xf32>) {
  %1 = memref.alloc(%n) : memref<?xf32>
  %2 = bufferization.clone %1 : memref<?xf32> to memref<?xf32>
  %3 = bufferization.clone %1 : memref<?xf32> to memref<?xf32>
  memref.dealloc %1 : memref<?xf32>
  return %2, %3 : memref<?xf32>, memref<?xf32>
}
