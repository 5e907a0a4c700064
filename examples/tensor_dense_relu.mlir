// A dense layer, y = relu(x * w + b), tiled 8x8 over the output with
// scf.forall as transform-dialect tiling emits it. Each thread reads its
// slices of the inputs and computes its tile in the tile's own buffer: the
// zero fill, the matmul, the bias and the ReLU all write the tile in place,
// and tensor.parallel_insert_slice hands it back to the shared output.
// One-Shot Bufferize allocates once, for the output (`tensor.empty`), and
// the function returns that buffer: its caller frees it.
#map_tile = affine_map<(d0) -> (d0 * 8)>
#map_elem = affine_map<(d0, d1) -> (d0, d1)>
#map_bias = affine_map<(d0, d1) -> (d1)>
func.func @dense_relu(%x: tensor<32x64xf32>, %w: tensor<64x32xf32>,
                      %b: tensor<32xf32>) -> tensor<32x32xf32> {
  %zero = arith.constant 0.0 : f32
  %out = tensor.empty() : tensor<32x32xf32>
  %y = scf.forall (%i, %j) in (4, 4) shared_outs(%o = %out) -> (tensor<32x32xf32>) {
    %i8 = affine.apply #map_tile(%i)
    %j8 = affine.apply #map_tile(%j)
    %xs = tensor.extract_slice %x[%i8, 0] [8, 64] [1, 1] : tensor<32x64xf32> to tensor<8x64xf32>
    %ws = tensor.extract_slice %w[0, %j8] [64, 8] [1, 1] : tensor<64x32xf32> to tensor<64x8xf32>
    %bs = tensor.extract_slice %b[%j8] [8] [1] : tensor<32xf32> to tensor<8xf32>
    %tile = tensor.extract_slice %o[%i8, %j8] [8, 8] [1, 1] : tensor<32x32xf32> to tensor<8x8xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%tile : tensor<8x8xf32>) -> tensor<8x8xf32>
    %mm = linalg.matmul ins(%xs, %ws : tensor<8x64xf32>, tensor<64x8xf32>)
                        outs(%acc : tensor<8x8xf32>) -> tensor<8x8xf32>
    %act = linalg.generic {indexing_maps = [#map_bias, #map_elem],
                           iterator_types = ["parallel", "parallel"]}
        ins(%bs : tensor<8xf32>) outs(%mm : tensor<8x8xf32>) {
    ^bb0(%bias: f32, %v: f32):
      %s = arith.addf %v, %bias : f32
      %r = arith.maximumf %s, %zero : f32
      linalg.yield %r : f32
    } -> tensor<8x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %act into %o[%i8, %j8] [8, 8] [1, 1] : tensor<8x8xf32> into tensor<32x32xf32>
    }
  }
  return %y : tensor<32x32xf32>
}
