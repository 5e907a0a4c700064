// acme.broken_scale's model aborts when One-Shot Bufferize bufferizes it:
// @broken crashes upstream's pass, @fine does not.
func.func @broken(%t: tensor<8xf32>, %f: f32) -> tensor<8xf32> {
  %r = acme.broken_scale %t by %f : tensor<8xf32>
  return %r : tensor<8xf32>
}

func.func @fine(%f: f32) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.fill ins(%f : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}
