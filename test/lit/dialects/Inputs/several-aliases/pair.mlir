func.func @both_freed_through_the_views() {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %x, %y = "acme.pair"(%a, %b) : (memref<4xf32>, memref<4xf32>) -> (memref<4xf32>, memref<4xf32>)
  memref.dealloc %x : memref<4xf32>
  memref.dealloc %y : memref<4xf32>
  return
}

func.func @one_freed() {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %x, %y = "acme.pair"(%a, %b) : (memref<4xf32>, memref<4xf32>) -> (memref<4xf32>, memref<4xf32>)
  memref.dealloc %x : memref<4xf32>
  return
}

func.func @freed_through_the_view_and_again() {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %x, %y = "acme.pair"(%a, %b) : (memref<4xf32>, memref<4xf32>) -> (memref<4xf32>, memref<4xf32>)
  memref.dealloc %y : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}
