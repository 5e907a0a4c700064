// Tensor programs written for the corpus: calls between functions, private
// helpers, a function returning its argument, and a caller that writes its
// argument in place.

func.func private @scale(%x: tensor<?xf32>, %s: f32) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %init = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%x : tensor<?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %s : f32
    linalg.yield %m : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @scale_twice(%x: tensor<?xf32>) -> tensor<?xf32> {
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %a = call @scale(%x, %two) : (tensor<?xf32>, f32) -> tensor<?xf32>
  %b = call @scale(%a, %three) : (tensor<?xf32>, f32) -> tensor<?xf32>
  return %b : tensor<?xf32>
}

func.func private @identity(%x: tensor<16xf32>) -> tensor<16xf32> {
  return %x : tensor<16xf32>
}

func.func @call_identity(%x: tensor<16xf32>) -> tensor<16xf32> {
  %r = call @identity(%x) : (tensor<16xf32>) -> tensor<16xf32>
  %init = tensor.empty() : tensor<16xf32>
  %s = linalg.add ins(%r, %x : tensor<16xf32>, tensor<16xf32>) outs(%init : tensor<16xf32>) -> tensor<16xf32>
  return %s : tensor<16xf32>
}

func.func @maybe_scale(%c: i1, %x: tensor<?xf32>) -> tensor<?xf32> {
  %two = arith.constant 2.0 : f32
  %r = scf.if %c -> (tensor<?xf32>) {
    %s = func.call @scale(%x, %two) : (tensor<?xf32>, f32) -> tensor<?xf32>
    scf.yield %s : tensor<?xf32>
  } else {
    scf.yield %x : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

func.func @fill_in_place(%out: tensor<32xf32> {bufferization.writable = true}, %v: f32) -> tensor<32xf32> {
  %r = linalg.fill ins(%v : f32) outs(%out : tensor<32xf32>) -> tensor<32xf32>
  return %r : tensor<32xf32>
}

func.func @call_in_loop(%x: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %half = arith.constant 0.5 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<?xf32>) {
    %s = func.call @scale(%acc, %half) : (tensor<?xf32>, f32) -> tensor<?xf32>
    scf.yield %s : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

func.func @sum_of_calls(%x: tensor<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %a = call @scale(%x, %two) : (tensor<?xf32>, f32) -> tensor<?xf32>
  %b = call @scale(%x, %two) : (tensor<?xf32>, f32) -> tensor<?xf32>
  %ea = tensor.extract %a[%c0] : tensor<?xf32>
  %eb = tensor.extract %b[%c0] : tensor<?xf32>
  %s = arith.addf %ea, %eb : f32
  return %s : f32
}
