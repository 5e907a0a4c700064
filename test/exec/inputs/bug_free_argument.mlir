// Frees a function argument, which the function does not own.
// EXEC: @free_argument
// EXPECT: combo arg0=0: ok
// EXPECT: combo arg0=1: invalid-free
func.func @free_argument(%arg0: i1, %arg1: memref<?xf32>) {
  scf.if %arg0 {
    memref.dealloc %arg1 : memref<?xf32>
  }
  return
}
