// Several findings in one run: a double free is not fatal, so the leak of %1
// is still counted; a later use after free ends the combination.
// EXEC: @mixed
// EXPECT: combo arg0=0 arg1=0: leak 1
// EXPECT: combo arg0=0 arg1=1: double-free, leak 1
// EXPECT: combo arg0=1 arg1=0: use-after-free
// EXPECT: combo arg0=1 arg1=1: double-free, use-after-free
func.func @mixed(%a: i1, %b: i1, %sink: memref<f32>) {
  %c0 = arith.constant 0 : index
  %0 = memref.alloc() : memref<2xf32>
  %1 = memref.alloc() : memref<2xf32>
  memref.dealloc %0 : memref<2xf32>
  scf.if %b {
    memref.dealloc %0 : memref<2xf32>
  }
  scf.if %a {
    %v = memref.load %0[%c0] : memref<2xf32>
    memref.store %v, %sink[] : memref<f32>
  }
  return
}
