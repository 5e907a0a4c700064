// An accumulation loop: each iteration adds %row into the running sum. The
// body writes the iter_arg in place, so the loop needs no buffer of its own.
#id = affine_map<(d0) -> (d0)>
func.func @accumulate(%rows: tensor<8x32xf32>) -> tensor<32xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %e = tensor.empty() : tensor<32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<32xf32>) -> tensor<32xf32>
  %sum = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %init) -> tensor<32xf32> {
    %row = tensor.extract_slice %rows[%i, 0] [1, 32] [1, 1] : tensor<8x32xf32> to tensor<32xf32>
    %next = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%row : tensor<32xf32>) outs(%acc : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %a = arith.addf %in, %out : f32
      linalg.yield %a : f32
    } -> tensor<32xf32>
    scf.yield %next : tensor<32xf32>
  }
  return %sum : tensor<32xf32>
}

// The same loop, but each iteration also reads the previous sum after the
// write: the write is out of place, so the loop would yield a new buffer
// each iteration, which One-Shot Bufferize refuses by default.
func.func @accumulate_keep_old(%rows: tensor<8x32xf32>, %init: tensor<32xf32>) -> (tensor<32xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %sum, %last = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %init, %prev = %zero) -> (tensor<32xf32>, f32) {
    %row = tensor.extract_slice %rows[%i, 0] [1, 32] [1, 1] : tensor<8x32xf32> to tensor<32xf32>
    %next = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%row : tensor<32xf32>) outs(%acc : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %a = arith.addf %in, %out : f32
      linalg.yield %a : f32
    } -> tensor<32xf32>
    %old = tensor.extract %acc[%c0] : tensor<32xf32>
    scf.yield %next, %old : tensor<32xf32>, f32
  }
  return %sum, %last : tensor<32xf32>, f32
}
