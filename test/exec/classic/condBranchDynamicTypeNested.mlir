// Executable variant of examples/condBranchDynamicTypeNested.mlir: the two
// branches take separate i1 arguments (%arg0, %inner) so that both paths
// through ^bb3 and ^bb4 run; the read of %1 stores to %sink.
// EXEC: @condBranchDynamicTypeNested lower-bufferization
// EXPECT: combo arg0=0 arg5=0: ok
// EXPECT: combo arg0=0 arg5=1: ok
// EXPECT: combo arg0=1 arg5=0: ok
// EXPECT: combo arg0=1 arg5=1: ok
func.func @condBranchDynamicTypeNested(%arg0: i1, %arg1: memref<?xf32>,
                                       %arg2: memref<?xf32>, %arg3: index,
                                       %sink: memref<f32>, %inner: i1) {
  %c0 = arith.constant 0 : index
  cf.cond_br %arg0, ^bb1, ^bb2(%arg3 : index)
^bb1:
  cf.br ^bb6(%arg1 : memref<?xf32>)
^bb2(%0: index):
  %1 = memref.alloc(%0) : memref<?xf32>
  %u1 = memref.load %1[%c0] : memref<?xf32>
  memref.store %u1, %sink[] : memref<f32>
  cf.cond_br %inner, ^bb3, ^bb4
^bb3:
  cf.br ^bb5(%1 : memref<?xf32>)
^bb4:
  cf.br ^bb5(%1 : memref<?xf32>)
^bb5(%2: memref<?xf32>):
  cf.br ^bb6(%2 : memref<?xf32>)
^bb6(%3: memref<?xf32>):
  cf.br ^bb7(%3 : memref<?xf32>)
^bb7(%4: memref<?xf32>):
  memref.copy %4, %arg2 : memref<?xf32> to memref<?xf32>
  return
}
