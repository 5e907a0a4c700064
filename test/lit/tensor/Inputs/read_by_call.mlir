// The callee does not read its argument: the read that needs %t's old
// contents after the insert is the tensor.extract, not the call.
func.func @reads_nothing(%t: tensor<4x8xf32>) -> f32 {
  %c = arith.constant 0.0 : f32
  return %c : f32
}

func.func @read_by_call(%t: tensor<4x8xf32>, %f: f32, %i: index)
    -> (tensor<4x8xf32>, f32, f32) {
  %u = tensor.insert %f into %t[%i, %i] : tensor<4x8xf32>
  %r = func.call @reads_nothing(%t) : (tensor<4x8xf32>) -> f32
  %e = tensor.extract %t[%i, %i] : tensor<4x8xf32>
  return %u, %r, %e : tensor<4x8xf32>, f32, f32
}
