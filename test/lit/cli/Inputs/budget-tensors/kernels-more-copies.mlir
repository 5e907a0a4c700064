// kernels.mlir after an edit: @update writes %t out of place twice (one
// more allocation and copy), and @fresh is new.
func.func @fill(%v: f32) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %f : tensor<4x8xf32>
}

func.func @sizes(%n: index, %v: f32) -> (tensor<16xf64>, tensor<?xf32>) {
  %a = tensor.empty() : tensor<16xf64>
  %b = tensor.empty(%n) : tensor<?xf32>
  %c = linalg.fill ins(%v : f32) outs(%b : tensor<?xf32>) -> tensor<?xf32>
  return %a, %c : tensor<16xf64>, tensor<?xf32>
}

func.func @update(%t: tensor<64xf32>, %v: f32, %i: index, %j: index) -> (tensor<64xf32>, tensor<64xf32>, f32) {
  %w = tensor.insert %v into %t[%i] : tensor<64xf32>
  %x = tensor.insert %v into %t[%j] : tensor<64xf32>
  %old = tensor.extract %t[%i] : tensor<64xf32>
  return %w, %x, %old : tensor<64xf32>, tensor<64xf32>, f32
}

func.func @fresh() -> tensor<2xf32> {
  %e = tensor.empty() : tensor<2xf32>
  return %e : tensor<2xf32>
}
