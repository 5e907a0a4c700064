// bufferized_callee.mlir with the callee only declared: upstream cannot
// tell whether it writes its argument, so it copies `%x` before the call,
// and the call's result may be that copy or another buffer.
func.func private @identity(%x: tensor<16xf32>) -> tensor<16xf32>

func.func @call_identity(%x: tensor<16xf32>) -> tensor<16xf32> {
  %r = call @identity(%x) : (tensor<16xf32>) -> tensor<16xf32>
  %init = tensor.empty() : tensor<16xf32>
  %s = linalg.add ins(%r, %x : tensor<16xf32>, tensor<16xf32>) outs(%init : tensor<16xf32>) -> tensor<16xf32>
  return %s : tensor<16xf32>
}
