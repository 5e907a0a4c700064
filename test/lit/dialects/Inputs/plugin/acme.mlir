func.func @leaks(%c: i1) {
  %0 = acme.alloc : memref<8xf32>
  %1 = acme.view %0 : memref<8xf32> to memref<8xf32>
  acme.kernel %1, %0 : memref<8xf32>, memref<8xf32>
  cf.cond_br %c, ^free, ^keep
^free:
  acme.free %0 : memref<8xf32>
  return
^keep:
  return
}

func.func @double_free() {
  %0 = acme.alloc : memref<8xf32>
  acme.free %0 : memref<8xf32>
  acme.free %0 : memref<8xf32>
  return
}

func.func @in_region() -> memref<8xf32> {
  %0 = acme.execute -> memref<8xf32> {
    %1 = memref.alloc() : memref<8xf32>
    acme.yield %1 : memref<8xf32>
  }
  return %0 : memref<8xf32>
}
