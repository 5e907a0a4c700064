



































































// Control case: without an encoding that implements `MemRefLayoutAttrInterface`
// the default path is taken. The function boundary infers the layout (identity
// for an equivalent return), matching the behavior of other bufferization
// tests.
func.func @no_encoding_function_boundary(
    %arg0: tensor<4x4xf32>) -> tensor<4x4xf32> {
  return %arg0 : tensor<4x4xf32>
}
