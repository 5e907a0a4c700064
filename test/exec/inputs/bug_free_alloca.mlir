// Frees a stack buffer merged with a heap buffer (mixedAllocation with the
// merged value freed unconditionally): an invalid free on the alloca path.
// EXEC: @free_alloca
// EXPECT: combo arg0=0: ok
// EXPECT: combo arg0=1: invalid-free
func.func @free_alloca(%arg0: i1) {
  %0 = memref.alloca() : memref<2xf32>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%0 : memref<2xf32>)
^bb2:
  %1 = memref.alloc() : memref<2xf32>
  cf.br ^bb3(%1 : memref<2xf32>)
^bb3(%2: memref<2xf32>):
  memref.dealloc %2 : memref<2xf32>
  return
}
