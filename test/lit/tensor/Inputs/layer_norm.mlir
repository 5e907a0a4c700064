// Layer normalization over the last dimension of a 4x64 activation:
// mean, variance, then (x - mean) * rsqrt(var + eps). The reductions need
// fresh accumulators (tensor.empty + linalg.fill); the last generic writes
// into its own fresh output.
#map = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @layer_norm(%x: tensor<4x64xf32>) -> tensor<4x64xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 64.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %e = tensor.empty() : tensor<4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %sum = linalg.generic {indexing_maps = [#map, #row],
                         iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x64xf32>) outs(%acc : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %out : f32
    linalg.yield %a : f32
  } -> tensor<4xf32>
  %var = linalg.generic {indexing_maps = [#map, #row, #row],
                         iterator_types = ["parallel", "reduction"]}
      ins(%x, %sum : tensor<4x64xf32>, tensor<4xf32>) outs(%acc : tensor<4xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %mean = arith.divf %s, %n : f32
    %d = arith.subf %in, %mean : f32
    %sq = arith.mulf %d, %d : f32
    %a = arith.addf %sq, %out : f32
    linalg.yield %a : f32
  } -> tensor<4xf32>
  %y0 = tensor.empty() : tensor<4x64xf32>
  %y = linalg.generic {indexing_maps = [#map, #row, #row, #map],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum, %var : tensor<4x64xf32>, tensor<4xf32>, tensor<4xf32>)
      outs(%y0 : tensor<4x64xf32>) {
  ^bb0(%in: f32, %s: f32, %v: f32, %out: f32):
    %mean = arith.divf %s, %n : f32
    %vn = arith.divf %v, %n : f32
    %ve = arith.addf %vn, %eps : f32
    %r = math.rsqrt %ve : f32
    %d = arith.subf %in, %mean : f32
    %o = arith.mulf %d, %r : f32
    linalg.yield %o : f32
  } -> tensor<4x64xf32>
  return %y : tensor<4x64xf32>
}
