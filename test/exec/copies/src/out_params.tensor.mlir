// Small tensor programs whose results buffer-results-to-out-params turns
// into out parameters: each returned buffer becomes an allocation, a copy
// into the caller's buffer and a free. out_params.mlir is their
// bufferized form (see its header for the command).
#id = affine_map<(d0) -> (d0)>
func.func private @square(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %a : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func @fourth(%x: tensor<4xf32>) -> tensor<4xf32> {
  %s = call @square(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %t = call @square(%s) : (tensor<4xf32>) -> tensor<4xf32>
  return %t : tensor<4xf32>
}

// With copy-before-write, the insert copies the generic's result first.
func.func @squareThenSet(%x: tensor<4xf32>, %v: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %a : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  %c0 = arith.constant 0 : index
  %w = tensor.insert %v into %r[%c0] : tensor<4xf32>
  return %w : tensor<4xf32>
}

// Prints every element (vector.print: no call the bufferization would copy
// the tensor for).
func.func @print(%t: tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %e = tensor.extract %t[%i] : tensor<4xf32>
    vector.print %e : f32
  }
  return
}

func.func @entry() {
  %x = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %v = arith.constant -1.0 : f32
  %f = call @fourth(%x) : (tensor<4xf32>) -> tensor<4xf32>
  call @print(%f) : (tensor<4xf32>) -> ()
  %s = call @squareThenSet(%x, %v) : (tensor<4xf32>, f32) -> tensor<4xf32>
  call @print(%s) : (tensor<4xf32>) -> ()
  return
}
