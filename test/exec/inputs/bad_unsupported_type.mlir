// Harness failure: an argument type the driver cannot build.
// EXEC: @f
// EXPECT-EXIT: 2
func.func @f(%arg0: i1, %arg1: memref<*xf32>) {
  return
}
