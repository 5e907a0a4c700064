// Each redundant clone hides the next: canonicalization drops %3's clone
// of %2 first, after which %2 is a redundant clone of %1.
func.func @clone_chain(%n: index) -> memref<?xf32> {
  %1 = memref.alloc(%n) : memref<?xf32>
  %2 = bufferization.clone %1 : memref<?xf32> to memref<?xf32>
  memref.dealloc %1 : memref<?xf32>
  %3 = bufferization.clone %2 : memref<?xf32> to memref<?xf32>
  memref.dealloc %2 : memref<?xf32>
  return %3 : memref<?xf32>
}
