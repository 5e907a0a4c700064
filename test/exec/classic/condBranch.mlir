// Executable variant of examples/condBranch.mlir: the read of %0 stores to
// the new argument %sink so that it stays.
// EXEC: @condBranch lower-bufferization
// EXPECT: combo arg0=0: ok
// EXPECT: combo arg0=1: ok
func.func @condBranch(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>,
                      %sink: memref<f32>) {
  %c0 = arith.constant 0 : index
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg1 : memref<2xf32>)
^bb2:
  %0 = memref.alloc() : memref<2xf32>
  %u0 = memref.load %0[%c0] : memref<2xf32>
  memref.store %u0, %sink[] : memref<f32>
  cf.br ^bb3(%0 : memref<2xf32>)
^bb3(%1: memref<2xf32>):
  memref.copy %1, %arg2 : memref<2xf32> to memref<2xf32>
  return
}
