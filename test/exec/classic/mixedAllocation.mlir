// Executable variant (from test/exec/inputs/src) of examples/mixedAllocation.mlir: the reads store their
// value to the new argument %sink so that the pipeline keeps them.
// EXEC: @mixedAllocation lower-bufferization
// EXPECT: combo arg0=0: ok
// EXPECT: combo arg0=1: ok
func.func @mixedAllocation(%arg0: i1, %sink: memref<f32>) {
  %c0 = arith.constant 0 : index
  %0 = memref.alloca() : memref<2xf32>
  %1 = memref.alloc() : memref<2xf32>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  %u0 = memref.load %0[%c0] : memref<2xf32>
  memref.store %u0, %sink[] : memref<f32>
  cf.br ^bb3(%0 : memref<2xf32>)
^bb2:
  %u1 = memref.load %1[%c0] : memref<2xf32>
  memref.store %u1, %sink[] : memref<f32>
  cf.br ^bb3(%1 : memref<2xf32>)
^bb3(%2: memref<2xf32>):
  %u2 = memref.load %2[%c0] : memref<2xf32>
  memref.store %u2, %sink[] : memref<f32>
  return
}
