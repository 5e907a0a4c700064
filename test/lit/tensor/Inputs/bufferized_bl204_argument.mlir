// The close case of bufferized_bl204.mlir: the loop's result reaches the
// next block as a block argument, which the deallocation pass handles.
func.func @loop_result_as_argument(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%x : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%it = %f) -> (tensor<4xf32>) {
    %w = tensor.insert %x into %it[%i] : tensor<4xf32>
    scf.yield %w : tensor<4xf32>
  }
  cf.br ^bb1(%r : tensor<4xf32>)
^bb1(%a: tensor<4xf32>):
  %v = tensor.extract %a[%c0] : tensor<4xf32>
  return %v : f32
}
