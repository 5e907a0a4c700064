// A function past deallocation that returns its argument, and one that
// does not verify.
func.func @returns_arg(%arg0: memref<2xf32>) -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32>
  memref.dealloc %0 : memref<2xf32>
  return %arg0 : memref<2xf32>
}

func.func @broken(%n: index) {
  %0 = memref.alloc() : memref<?xf32>
  return
}
