


































































































































// Unstructured loops have the same cross-iteration hazard.

func.func @cross_iteration_cfg(
    %t: tensor<4xf32> {bufferization.writable = true}) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %value = arith.constant 100.0 : f32
  cf.br ^loop(%c1, %zero : index, f32)
^loop(%i: index, %sum: f32):
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
  %next_i = arith.addi %i, %c1 : index
  %continue = arith.cmpi ult, %next_i, %c4 : index
  cf.cond_br %continue, ^loop(%next_i, %next : index, f32), ^exit(%next : f32)
^exit(%result: f32):
  return %result : f32
}




























