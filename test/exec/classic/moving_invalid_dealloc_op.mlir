// upstream's @moving_invalid_dealloc_op (test/lit/classic/
// repair-existing-frees.mlir says where from): the free before the last
// read of %0 is moved after it.
// EXEC: @moving_invalid_dealloc_op
// EXPECT: combo: ok
func.func @moving_invalid_dealloc_op(%arg0 : memref<2xf32>, %arg1: memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %arg0, %0 : memref<2xf32> to memref<2xf32>
  memref.dealloc %0 : memref<2xf32>
  memref.copy %0, %arg1 : memref<2xf32> to memref<2xf32>
  return
}
