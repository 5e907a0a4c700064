// The memref analyses on tensor functions: BL301, BL302 and BL203 of the
// bufferized function, at the tensor op whose buffer they are about.
func.func @small(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%x : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.extract %f[%c0] : tensor<4xf32>
  return %r : f32
}

func.func @in_loop(%x: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (f32) {
    %e = tensor.empty() : tensor<4xf32>
    %f = linalg.fill ins(%acc : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %r = tensor.extract %f[%c0] : tensor<4xf32>
    scf.yield %r : f32
  }
  return %s : f32
}

func.func @choose(%c: i1, %t: tensor<4xf32>, %x: f32) -> tensor<4xf32> {
  %r = scf.if %c -> tensor<4xf32> {
    %e = tensor.empty() : tensor<4xf32>
    %f = linalg.fill ins(%x : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %f : tensor<4xf32>
  } else {
    scf.yield %t : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// The close case: `linalg.generic` copies two operands into two new
// buffers; the bufferized function could put both on the stack, but
// which of the two a finding is about has no place of its own in the
// tensor program, so neither is reported there.
#map = affine_map<(d0) -> (d0)>
func.func @two_copies(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %e1 = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%x : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %b = linalg.fill ins(%x : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %r:2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} outs(%a, %b : tensor<4xf32>, tensor<4xf32>) {
  ^bb0(%o1: f32, %o2: f32):
    %s = arith.addf %o1, %o2 : f32
    linalg.yield %s, %s : f32, f32
  } -> (tensor<4xf32>, tensor<4xf32>)
  %u = tensor.extract %a[%c0] : tensor<4xf32>
  %v = tensor.extract %b[%c0] : tensor<4xf32>
  %w = tensor.extract %r#0[%c0] : tensor<4xf32>
  %y = tensor.extract %r#1[%c0] : tensor<4xf32>
  %s1 = arith.addf %u, %v : f32
  %s2 = arith.addf %w, %y : f32
  %s3 = arith.addf %s1, %s2 : f32
  return %s3 : f32
}
