// Executable variant of examples/condBranchDynamicType.mlir: the read of %1
// stores to the new argument %sink; %arg3 (the size) is 4, as are the
// dynamic sizes of %arg1 and %arg2.
// EXEC: @condBranchDynamicType lower-bufferization
// EXPECT: combo arg0=0: ok
// EXPECT: combo arg0=1: ok
func.func @condBranchDynamicType(%arg0: i1, %arg1: memref<?xf32>,
                                 %arg2: memref<?xf32>, %arg3: index,
                                 %sink: memref<f32>) {
  %c0 = arith.constant 0 : index
  cf.cond_br %arg0, ^bb1, ^bb2(%arg3 : index)
^bb1:
  cf.br ^bb3(%arg1 : memref<?xf32>)
^bb2(%0: index):
  %1 = memref.alloc(%0) : memref<?xf32>
  %u1 = memref.load %1[%c0] : memref<?xf32>
  memref.store %u1, %sink[] : memref<f32>
  cf.br ^bb3(%1 : memref<?xf32>)
^bb3(%2: memref<?xf32>):
  memref.copy %2, %arg2 : memref<?xf32> to memref<?xf32>
  return
}
