// Centre the rows of a batch and return the per-feature variance. A loop
// accumulates the sum of the rows into one vector, in place (the loop's
// iter_arg); the mean is divided in place too. The centring then
// subtracts the mean from %x in %x's own buffer (`outs(%x)`), but the
// variance below still reads the original %x: writing %x's buffer in place
// would clobber what that read needs, so One-Shot Bufferize copies %x
// (8 KiB) into a new buffer first (BL501). Computing the variance before
// the centring, or from %centred, removes the copy.
#map_id = affine_map<(d0, d1) -> (d0, d1)>
#map_col = affine_map<(d0, d1) -> (d1)>
#map_vec = affine_map<(d0) -> (d0)>
func.func @center_rows(%x: tensor<64x32xf32>) -> (tensor<64x32xf32>, tensor<32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 64.0 : f32
  %e = tensor.empty() : tensor<32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<32xf32>) -> tensor<32xf32>
  %sum = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %init) -> (tensor<32xf32>) {
    %row = tensor.extract_slice %x[%i, 0] [1, 32] [1, 1] : tensor<64x32xf32> to tensor<32xf32>
    %next = linalg.add ins(%acc, %row : tensor<32xf32>, tensor<32xf32>)
                       outs(%acc : tensor<32xf32>) -> tensor<32xf32>
    scf.yield %next : tensor<32xf32>
  }
  %mean = linalg.generic {indexing_maps = [#map_vec],
                          iterator_types = ["parallel"]}
      outs(%sum : tensor<32xf32>) {
  ^bb0(%s: f32):
    %m = arith.divf %s, %n : f32
    linalg.yield %m : f32
  } -> tensor<32xf32>
  %centred = linalg.generic {indexing_maps = [#map_col, #map_id],
                             iterator_types = ["parallel", "parallel"]}
      ins(%mean : tensor<32xf32>) outs(%x : tensor<64x32xf32>) {
  ^bb0(%m: f32, %v: f32):
    %d = arith.subf %v, %m : f32
    linalg.yield %d : f32
  } -> tensor<64x32xf32>
  %e2 = tensor.empty() : tensor<32xf32>
  %vinit = linalg.fill ins(%zero : f32) outs(%e2 : tensor<32xf32>) -> tensor<32xf32>
  %var = linalg.generic {indexing_maps = [#map_id, #map_col, #map_col],
                         iterator_types = ["reduction", "parallel"]}
      ins(%x, %mean : tensor<64x32xf32>, tensor<32xf32>)
      outs(%vinit : tensor<32xf32>) {
  ^bb0(%v: f32, %m: f32, %a: f32):
    %d = arith.subf %v, %m : f32
    %sq = arith.mulf %d, %d : f32
    %q = arith.divf %sq, %n : f32
    %r = arith.addf %a, %q : f32
    linalg.yield %r : f32
  } -> tensor<32xf32>
  return %centred, %var : tensor<64x32xf32>, tensor<32xf32>
}
