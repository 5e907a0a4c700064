// memref::multiBuffer refuses %0: it is read after its loop.
func.func @read_after(%a: memref<4xf32>, %n: index) -> f32 {
  %0 = memref.alloc() : memref<4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    memref.copy %a, %0 : memref<4xf32> to memref<4xf32>
  }
  %v = memref.load %0[%c0] : memref<4xf32>
  return %v : f32
}
