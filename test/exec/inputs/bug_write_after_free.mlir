// A store into a freed buffer (the bufferization-level "partial write"
// after the buffer's lifetime ended).
// EXEC: @write_after_free
// EXPECT: combo arg0=0: ok
// EXPECT: combo arg0=1: use-after-free
func.func @write_after_free(%arg0: i1) {
  %c1 = arith.constant 1 : index
  %cst = arith.constant 2.0 : f32
  %0 = memref.alloc() : memref<2xf32>
  memref.dealloc %0 : memref<2xf32>
  scf.if %arg0 {
    memref.store %cst, %0[%c1] : memref<2xf32>
  }
  return
}
