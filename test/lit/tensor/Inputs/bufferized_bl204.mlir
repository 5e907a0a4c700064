// A loop's tensor result read in another block: once One-Shot Bufferize
// has made it a memref, MLIR 22's deallocation pass reads freed memory on
// the scf.for (llvm/llvm-project#119863). See ../bufferized-bl204.test.
func.func @loop_then_branch(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%x : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%it = %f) -> (tensor<4xf32>) {
    %w = tensor.insert %x into %it[%i] : tensor<4xf32>
    scf.yield %w : tensor<4xf32>
  }
  cf.br ^bb1
^bb1:
  %v = tensor.extract %r[%c0] : tensor<4xf32>
  return %v : f32
}
