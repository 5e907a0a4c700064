// A loop made of branches around a tensor.empty: upstream's deallocation
// pass rejects the bufferized function ("Only structured control-flow
// loops are supported"). See ../bufferized-bl204.test.
func.func @branch_loop(%x: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^bb1(%c0 : index)
^bb1(%i: index):
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%x : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.extract %f[%c0] : tensor<4xf32>
  %next = arith.addi %i, %c1 : index
  %done = arith.cmpi sge, %next, %n : index
  cf.cond_br %done, ^bb2, ^bb1(%next : index)
^bb2:
  return %v : f32
}
