// A tensor function calling one that returns its argument: upstream
// bufferizes the call in place (the callee's body says the result is the
// argument), so the only allocation is `%init`'s.
func.func private @identity(%x: tensor<16xf32>) -> tensor<16xf32> {
  return %x : tensor<16xf32>
}

func.func @call_identity(%x: tensor<16xf32>) -> tensor<16xf32> {
  %r = call @identity(%x) : (tensor<16xf32>) -> tensor<16xf32>
  %init = tensor.empty() : tensor<16xf32>
  %s = linalg.add ins(%r, %x : tensor<16xf32>, tensor<16xf32>) outs(%init : tensor<16xf32>) -> tensor<16xf32>
  return %s : tensor<16xf32>
}
