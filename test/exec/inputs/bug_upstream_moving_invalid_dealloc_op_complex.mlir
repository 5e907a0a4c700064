// test/corpus/upstream/buffer-deallocation.mlir's
// @moving_invalid_dealloc_op_complex as written (upstream's input to the
// classic pass): through ^bb2 the copy in ^exit reads %1 after its free,
// through ^bb1 %1 is never freed. Backs the corpus's expected BL103 at
// line 376 (combination arg0=0) and BL101 at line 367 (arg0=1).
// EXEC: @moving_invalid_dealloc_op_complex
// EXPECT: combo arg0=0: use-after-free
// EXPECT: combo arg0=1: leak 1
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
