








































































// In iteration i the write to t[i] and read from t[i-1] are disjoint, but the
// read must not observe the write from iteration i-1. The fill needs a private
// buffer; tensor SSA semantics keep the original t unchanged across iterations.

func.func @cross_iteration_fill(
    %t: tensor<4xf32> {bufferization.writable = true}) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %value = arith.constant 100.0 : f32
  %result = scf.for %i = %c1 to %c4 step %c1
      iter_args(%sum = %zero) -> f32 {
    %prev = arith.subi %i, %c1 : index
    %lhs = tensor.extract_slice %t[%i][1][1]
        : tensor<4xf32> to tensor<1xf32>
    %rhs = tensor.extract_slice %t[%prev][1][1]
        : tensor<4xf32> to tensor<1xf32>
    %written = linalg.fill ins(%value : f32) outs(%lhs : tensor<1xf32>)
        -> tensor<1xf32>
    %new = tensor.extract %written[%c0] : tensor<1xf32>
    %old = tensor.extract %rhs[%c0] : tensor<1xf32>
    %pair = arith.addf %new, %old : f32
    %next = arith.addf %sum, %pair : f32
    scf.yield %next : f32
  }
  return %result : f32
}






















































































