









































#transpose = affine_map<(d0, d1) -> (d1, d0)>

// The alloc layout must come from the encoding, not from the default static
// identity layout used by `alloc_tensor` otherwise.
func.func @encoding_layout_alloc_tensor() -> tensor<4x4xf32, #transpose> {
  %0 = bufferization.alloc_tensor() : tensor<4x4xf32, #transpose>
  return %0 : tensor<4x4xf32, #transpose>
}


























