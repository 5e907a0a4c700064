// One-Shot Bufferize's plan in the editor (test_tensor.py): a copy (BL501),
// an allocation (BL502) and a function the pass fails on (BL503).
func.func @read_after_write(%t: tensor<4x8xf32>, %v: f32) -> (tensor<4x8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %w = tensor.insert %v into %t[%c0, %c0] : tensor<4x8xf32>
  %r = tensor.extract %t[%c0, %c0] : tensor<4x8xf32>
  return %w, %r : tensor<4x8xf32>, f32
}

func.func @empty_fill(%v: f32) -> tensor<16x16xf32> {
  %e = tensor.empty() : tensor<16x16xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %f : tensor<16x16xf32>
}

func.func @fresh_each_iteration(%t: tensor<16xf32>, %n: index) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> tensor<16xf32> {
    %e = tensor.empty() : tensor<16xf32>
    %filled = linalg.fill ins(%f : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
    scf.yield %filled : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}
