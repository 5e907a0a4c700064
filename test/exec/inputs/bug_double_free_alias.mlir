// Two frees of aliases of one buffer: %2 is %0 on the ^bb2 path, and both
// %2 and %0 are freed (the classic mistake of freeing a critical alias
// without cloning). On the ^bb1 path %2 is the fresh buffer %1: fine.
// EXEC: @double_free_alias
// EXPECT: combo arg0=0: double-free
// EXPECT: combo arg0=1: ok
func.func @double_free_alias(%arg0: i1) {
  %0 = memref.alloc() : memref<2xf32>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  %1 = memref.alloc() : memref<2xf32>
  cf.br ^bb3(%1 : memref<2xf32>)
^bb2:
  cf.br ^bb3(%0 : memref<2xf32>)
^bb3(%2: memref<2xf32>):
  memref.dealloc %2 : memref<2xf32>
  memref.dealloc %0 : memref<2xf32>
  return
}
