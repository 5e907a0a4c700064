// upstream's @moving_invalid_dealloc_op_complex (test/lit/classic/
// repair-existing-frees.mlir says where from): the free in ^bb2, before %1
// reaches ^exit, is moved after the copy in ^exit.
// EXEC: @moving_invalid_dealloc_op_complex
// EXPECT: combo arg0=0: ok
// EXPECT: combo arg0=1: ok
func.func @moving_invalid_dealloc_op_complex(
  %cond: i1,
    %arg0: memref<2xf32>,
    %arg1: memref<2xf32>) {
  %1 = memref.alloc() : memref<2xf32>
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  cf.br ^exit(%arg0 : memref<2xf32>)
^bb2:
  memref.copy %arg0, %1 : memref<2xf32> to memref<2xf32>
  memref.dealloc %1 : memref<2xf32>
  cf.br ^exit(%1 : memref<2xf32>)
^exit(%arg2: memref<2xf32>):
  memref.copy %arg2, %arg1 : memref<2xf32> to memref<2xf32>
  return
}
