// Tensor program for abi-dynamic-from-ir.test: private callees under the
// dynamic-ownership ABI. @pick returns its argument or a fresh buffer,
// @identity its argument, @pair its argument and a fresh buffer around a
// scalar; @entry and @call_identity call them.
func.func private @pick(%c: i1, %x: tensor<16xf32>) -> tensor<16xf32> {
  %r = scf.if %c -> (tensor<16xf32>) {
    %e = tensor.empty() : tensor<16xf32>
    %z = arith.constant 1.0 : f32
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
    scf.yield %f : tensor<16xf32>
  } else {
    scf.yield %x : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}

func.func private @identity(%x: tensor<16xf32>) -> tensor<16xf32> {
  return %x : tensor<16xf32>
}

func.func private @pair(%x: tensor<16xf32>, %v: f32) -> (tensor<16xf32>, f32, tensor<16xf32>) {
  %e = tensor.empty() : tensor<16xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  return %x, %v, %f : tensor<16xf32>, f32, tensor<16xf32>
}

func.func @entry(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<16xf32>
  %x = linalg.fill ins(%two : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %p = call @pick(%c, %x) : (i1, tensor<16xf32>) -> tensor<16xf32>
  %i = call @identity(%p) : (tensor<16xf32>) -> tensor<16xf32>
  %v = tensor.extract %i[%c0] : tensor<16xf32>
  %a, %w, %b = call @pair(%x, %v) : (tensor<16xf32>, f32) -> (tensor<16xf32>, f32, tensor<16xf32>)
  %u = tensor.extract %b[%c0] : tensor<16xf32>
  %t = tensor.extract %a[%c0] : tensor<16xf32>
  %s = arith.addf %u, %w : f32
  %r = arith.addf %s, %t : f32
  return %r : f32
}

// A public caller of @identity on its own argument: it owns the result only
// when @identity's flag says so.
func.func @call_identity(%x: tensor<16xf32>) -> tensor<16xf32> {
  %r = call @identity(%x) : (tensor<16xf32>) -> tensor<16xf32>
  %init = tensor.empty() : tensor<16xf32>
  %s = linalg.add ins(%r, %x : tensor<16xf32>, tensor<16xf32>) outs(%init : tensor<16xf32>) -> tensor<16xf32>
  return %s : tensor<16xf32>
}
