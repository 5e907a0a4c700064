// The source of a memref.copy (lowered to memcpy) was freed through an alias
// (a subview of the same allocation), in a loop-carried position.
// EXEC: @use_after_free_copy
// EXPECT: combo arg0=0: ok
// EXPECT: combo arg0=1: use-after-free
func.func @use_after_free_copy(%arg0: i1, %out: memref<4xf32>) {
  %0 = memref.alloc() : memref<8xf32>
  %view = memref.subview %0[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  scf.if %arg0 {
    memref.dealloc %0 : memref<8xf32>
  }
  memref.copy %view, %out : memref<4xf32, strided<[1], offset: 4>> to memref<4xf32>
  %not = arith.xori %arg0, %arg0 : i1
  scf.if %arg0 {
  } else {
    memref.dealloc %0 : memref<8xf32>
  }
  return
}
