// The user frees %manual by hand: its allocation and its free carry
// `bufferization.manual_deallocation`, so the free does not make the function
// deallocated IR, and the ownership-based pass would leave the buffer alone
// (BufferizationBase.td, MLIR 22). The classic plan leaves it alone too and
// frees %tmp only; freeing %manual as well was a double free.
// EXEC:
// EXPECT: combo arg0=0: ok
// EXPECT: combo arg0=1: ok
func.func @manual_deallocation(%cond: i1, %out: memref<4xf32>) {
  %manual = memref.alloc() {bufferization.manual_deallocation} : memref<4xf32>
  %tmp = memref.alloc() : memref<4xf32>
  memref.copy %out, %manual : memref<4xf32> to memref<4xf32>
  memref.copy %out, %tmp : memref<4xf32> to memref<4xf32>
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  memref.copy %manual, %tmp : memref<4xf32> to memref<4xf32>
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  memref.copy %tmp, %out : memref<4xf32> to memref<4xf32>
  memref.dealloc %manual {bufferization.manual_deallocation} : memref<4xf32>
  return
}
