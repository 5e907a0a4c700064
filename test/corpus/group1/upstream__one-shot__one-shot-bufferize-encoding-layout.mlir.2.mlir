




















































#transpose = affine_map<(d0, d1) -> (d1, d0)>

func.func private @dummy_op(tensor<4x4xf32, #transpose>) -> tensor<4x4xf32, #transpose>

// The unknown op stays on tensors but is bracketed by to_tensor/to_buffer
// conversions whose memref types must use the encoding layout.
func.func @encoding_layout_unknown_op(
    %arg0: tensor<4x4xf32, #transpose>) -> tensor<4x4xf32, #transpose> {
  %0 = func.call @dummy_op(%arg0)
      : (tensor<4x4xf32, #transpose>) -> tensor<4x4xf32, #transpose>
  return %0 : tensor<4x4xf32, #transpose>
}











