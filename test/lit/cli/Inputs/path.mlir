// Path reports: one finding of each checker code, each with its steps.

func.func @leak_on_else(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

func.func @double_free(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  memref.dealloc %a : memref<4xf32>
  cf.br ^bb2
^bb2:
  memref.dealloc %a : memref<4xf32>
  return
}

func.func @use_after_free(%c: i1, %i: index) {
  %a = memref.alloc() : memref<4xf32>
  %f = arith.constant 1.0 : f32
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  } else {
    memref.store %f, %a[%i] : memref<4xf32>
    memref.dealloc %a : memref<4xf32>
  }
  %v = memref.load %a[%i] : memref<4xf32>
  return
}

func.func @invalid_free(%m: memref<4xf32>, %c: i1) {
  scf.if %c {
    memref.dealloc %m : memref<4xf32>
  }
  return
}
