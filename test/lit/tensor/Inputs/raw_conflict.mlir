// A read after write: %t is read after tensor.insert writes into it, so
// the insert cannot write %t's buffer in place.
func.func @read_after_write(%t: tensor<4x8xf32>, %v: f32) -> (tensor<4x8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %w = tensor.insert %v into %t[%c0, %c0] : tensor<4x8xf32>
  %r = tensor.extract %t[%c0, %c0] : tensor<4x8xf32>
  return %w, %r : tensor<4x8xf32>, f32
}

// The close case: the read comes first, so the write is in place.
func.func @read_before_write(%t: tensor<4x8xf32>, %v: f32) -> (tensor<4x8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %r = tensor.extract %t[%c0, %c0] : tensor<4x8xf32>
  %w = tensor.insert %v into %t[%c0, %c0] : tensor<4x8xf32>
  return %w, %r : tensor<4x8xf32>, f32
}

// tensor.empty + linalg.fill: one allocation, no copy.
func.func @empty_fill(%v: f32) -> tensor<16x16xf32> {
  %e = tensor.empty() : tensor<16x16xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %f : tensor<16x16xf32>
}
