// What One-Shot Bufferize adds to three functions on tensors: @fill
// allocates its result (128 bytes), @sizes allocates one buffer of static
// and one of dynamic size (the dynamic one counts no bytes), @update writes
// %t in place but reads its old value afterwards, so %t is copied first.
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

func.func @update(%t: tensor<64xf32>, %v: f32, %i: index) -> (tensor<64xf32>, f32) {
  %w = tensor.insert %v into %t[%i] : tensor<64xf32>
  %old = tensor.extract %t[%i] : tensor<64xf32>
  return %w, %old : tensor<64xf32>, f32
}
