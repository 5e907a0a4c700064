// The copy of an out-of-place operand that is one result of a group
// (`%r#0`): upstream copies from `%0#0`.
func.func private @pair() -> (tensor<4xf32>, tensor<4xf32>)

func.func @write_first_of_pair(%x: f32) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %r:2 = call @pair() : () -> (tensor<4xf32>, tensor<4xf32>)
  %w = tensor.insert %x into %r#0[%c0] : tensor<4xf32>
  %f = tensor.extract %r#0[%c0] : tensor<4xf32>
  return %w, %f : tensor<4xf32>, f32
}
