// A buffer is freed twice on one path.
// EXEC: @double_free
// EXPECT: combo arg0=0: ok
// EXPECT: combo arg0=1: double-free
func.func @double_free(%arg0: i1) {
  %0 = memref.alloc() : memref<2xf32>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  memref.dealloc %0 : memref<2xf32>
  cf.br ^bb2
^bb2:
  memref.dealloc %0 : memref<2xf32>
  return
}
