// A leak on one path and a double free, for the protocol tests.
func.func @leaky(%cond: i1) {
  %buf = memref.alloc() : memref<4xf32>
  cf.cond_br %cond, ^free, ^keep
^free:
  memref.dealloc %buf : memref<4xf32>
  cf.br ^exit
^keep:
  cf.br ^exit
^exit:
  return
}

func.func @twice() {
  %a = memref.alloc() : memref<8xi8>
  memref.dealloc %a : memref<8xi8>
  memref.dealloc %a : memref<8xi8>
  return
}
