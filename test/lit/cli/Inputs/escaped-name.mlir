func.func @"\FF"(%a: memref<4xf32>) -> memref<4xf32> {
  %b = memref.alloc() : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return %a : memref<4xf32>
}
