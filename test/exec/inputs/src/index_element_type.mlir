// A memref of `index` as entry argument: the element type holds an `x`,
// which the harness once read as a dimension separator.
// EXEC: @f
// EXPECT: combo arg0=0: ok
// EXPECT: combo arg0=1: use-after-free
func.func @f(%c: i1, %m: memref<4xindex>) -> index {
  %c0 = arith.constant 0 : index
  %buf = memref.alloc() : memref<4xindex>
  memref.copy %m, %buf : memref<4xindex> to memref<4xindex>
  scf.if %c {
    memref.dealloc %buf : memref<4xindex>
  }
  %v = memref.load %buf[%c0] : memref<4xindex>
  scf.if %c {
  } else {
    memref.dealloc %buf : memref<4xindex>
  }
  return %v : index
}
