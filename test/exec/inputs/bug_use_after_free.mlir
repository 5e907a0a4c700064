// A load after the dealloc on one path (the loaded value is stored to an
// argument so that code generation keeps the load).
// EXEC: @use_after_free
// EXPECT: combo arg0=0: ok
// EXPECT: combo arg0=1: use-after-free
func.func @use_after_free(%arg0: i1, %sink: memref<f32>) {
  %c0 = arith.constant 0 : index
  %0 = memref.alloc() : memref<2xf32>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  memref.dealloc %0 : memref<2xf32>
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  %v = memref.load %0[%c0] : memref<2xf32>
  memref.store %v, %sink[] : memref<f32>
  cf.cond_br %arg0, ^bb4, ^bb5
^bb4:
  return
^bb5:
  memref.dealloc %0 : memref<2xf32>
  return
}
