







































































































// Exact insertion subsets must obey the same cross-iteration restriction.

func.func @cross_iteration_insert(
    %t: tensor<4xf32> {bufferization.writable = true}, %s: tensor<1xf32>)
    -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %result = scf.for %i = %c1 to %c4 step %c1
      iter_args(%sum = %zero) -> f32 {
    %prev = arith.subi %i, %c1 : index
    %written = tensor.insert_slice %s into %t[%i][1][1]
        : tensor<1xf32> into tensor<4xf32>
    %rhs = tensor.extract_slice %t[%prev][1][1]
        : tensor<4xf32> to tensor<1xf32>
    %new = tensor.extract %written[%i] : tensor<4xf32>
    %old = tensor.extract %rhs[%c0] : tensor<1xf32>
    %pair = arith.addf %new, %old : f32
    %next = arith.addf %sum, %pair : f32
    scf.yield %next : f32
  }
  return %result : f32
}



























































