// One-Shot Bufferize fails on this function (test/lit/graph/tensor.test).

// A loop that yields a new buffer each iteration: One-Shot Bufferize fails
// by default (BL503).
func.func @fails(%t: tensor<16xf32>, %n: index) -> tensor<16xf32> {
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
