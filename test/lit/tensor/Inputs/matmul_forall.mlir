// A matmul tiled 4x4 with scf.forall, as transform-dialect tiling emits it:
// each thread reads its slices of the inputs and writes its tile of the
// output in place through tensor.parallel_insert_slice.
func.func @matmul_tiled(%a: tensor<16x8xf32>, %b: tensor<8x16xf32>,
                        %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %r = scf.forall (%i, %j) in (4, 4) shared_outs(%out = %c) -> (tensor<16x16xf32>) {
    %i4 = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %j4 = affine.apply affine_map<(d0) -> (d0 * 4)>(%j)
    %sa = tensor.extract_slice %a[%i4, 0] [4, 8] [1, 1] : tensor<16x8xf32> to tensor<4x8xf32>
    %sb = tensor.extract_slice %b[0, %j4] [8, 4] [1, 1] : tensor<8x16xf32> to tensor<8x4xf32>
    %sc = tensor.extract_slice %out[%i4, %j4] [4, 4] [1, 1] : tensor<16x16xf32> to tensor<4x4xf32>
    %mm = linalg.matmul ins(%sa, %sb : tensor<4x8xf32>, tensor<8x4xf32>)
                        outs(%sc : tensor<4x4xf32>) -> tensor<4x4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %mm into %out[%i4, %j4] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<16x16xf32>
    }
  }
  return %r : tensor<16x16xf32>
}

// The same loop on a fresh output: tensor.empty + linalg.fill allocate once,
// before the loop.
func.func @matmul_tiled_fresh(%a: tensor<16x8xf32>, %b: tensor<8x16xf32>) -> tensor<16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x16xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %r = scf.forall (%i, %j) in (4, 4) shared_outs(%out = %c) -> (tensor<16x16xf32>) {
    %i4 = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %j4 = affine.apply affine_map<(d0) -> (d0 * 4)>(%j)
    %sa = tensor.extract_slice %a[%i4, 0] [4, 8] [1, 1] : tensor<16x8xf32> to tensor<4x8xf32>
    %sb = tensor.extract_slice %b[0, %j4] [8, 4] [1, 1] : tensor<8x16xf32> to tensor<8x4xf32>
    %sc = tensor.extract_slice %out[%i4, %j4] [4, 4] [1, 1] : tensor<16x16xf32> to tensor<4x4xf32>
    %mm = linalg.matmul ins(%sa, %sb : tensor<4x8xf32>, tensor<8x4xf32>)
                        outs(%sc : tensor<4x4xf32>) -> tensor<4x4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %mm into %out[%i4, %j4] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<16x16xf32>
    }
  }
  return %r : tensor<16x16xf32>
}
