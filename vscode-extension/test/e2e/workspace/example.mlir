// BufferLens end-to-end example: a buffer that escapes through a branch
// (the deallocation pipeline must clone or keep ownership), and a
// hand-written function that frees the same buffer twice.
func.func @branch(%cond: i1, %arg: memref<2xf32>) -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32>
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%0 : memref<2xf32>)
^bb2:
  cf.br ^bb3(%arg : memref<2xf32>)
^bb3(%1: memref<2xf32>):
  return %1 : memref<2xf32>
}

func.func @double_free() {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 1.0 : f32
  %0 = memref.alloc() : memref<8xf32>
  memref.store %cst, %0[%c0] : memref<8xf32>
  memref.dealloc %0 : memref<8xf32>
  memref.dealloc %0 : memref<8xf32>
  return
}
