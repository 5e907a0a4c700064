// Harness failure: the spec names a function that does not exist.
// EXEC: @no_such_function
// EXPECT-EXIT: 2
func.func @f(%arg0: i1) {
  return
}
