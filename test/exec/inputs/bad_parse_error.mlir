// Harness failure: the module does not parse.
// EXEC: @f
// EXPECT-EXIT: 2
func.func @f(%arg0: i1) {
  %0 = memref.alloc() : memref<?xf32>
  return
}
