// A dealloc is missing on one branch: leak only when %arg0 is false.
// EXEC: @leak_one_branch
// EXPECT: combo arg0=0: leak 1
// EXPECT: combo arg0=1: ok
func.func @leak_one_branch(%arg0: i1, %sink: memref<f32>) {
  %c0 = arith.constant 0 : index
  %0 = memref.alloc() : memref<2xf32>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  memref.dealloc %0 : memref<2xf32>
  cf.br ^bb3
^bb2:
  %v = memref.load %0[%c0] : memref<2xf32>
  memref.store %v, %sink[] : memref<f32>
  cf.br ^bb3  // missing: memref.dealloc %0
^bb3:
  return
}
