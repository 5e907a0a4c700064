// Reads one element past the end of a 16-byte buffer when %arg0 is set
// (index argument 4 by default).
// EXEC: @out_of_bounds
// EXPECT: combo arg1=0: ok
// EXPECT: combo arg1=1: out-of-bounds
func.func @out_of_bounds(%i: index, %arg0: i1, %sink: memref<f32>) {
  %c0 = arith.constant 0 : index
  %0 = memref.alloc() : memref<4xf32>
  %idx = arith.select %arg0, %i, %c0 : index
  %v = memref.load %0[%idx] : memref<4xf32>
  memref.store %v, %sink[] : memref<f32>
  memref.dealloc %0 : memref<4xf32>
  return
}
