// Tensor programs written for the corpus: linalg named ops and elementwise
// chains, static and dynamic shapes.

func.func @matmul(%a: tensor<64x128xf32>, %b: tensor<128x32xf32>) -> tensor<64x32xf32> {
  %cst = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<64x32xf32>
  %fill = linalg.fill ins(%cst : f32) outs(%init : tensor<64x32xf32>) -> tensor<64x32xf32>
  %r = linalg.matmul ins(%a, %b : tensor<64x128xf32>, tensor<128x32xf32>)
                     outs(%fill : tensor<64x32xf32>) -> tensor<64x32xf32>
  return %r : tensor<64x32xf32>
}

func.func @matmul_dynamic(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %b, %c1 : tensor<?x?xf32>
  %init = tensor.empty(%m, %n) : tensor<?x?xf32>
  %fill = linalg.fill ins(%cst : f32) outs(%init : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>)
                     outs(%fill : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @matmul_bias_relu(%a: tensor<16x64xf32>, %w: tensor<64x32xf32>,
                            %bias: tensor<32xf32>) -> tensor<16x32xf32> {
  %cst = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<16x32xf32>
  %fill = linalg.fill ins(%cst : f32) outs(%init : tensor<16x32xf32>) -> tensor<16x32xf32>
  %mm = linalg.matmul ins(%a, %w : tensor<16x64xf32>, tensor<64x32xf32>)
                      outs(%fill : tensor<16x32xf32>) -> tensor<16x32xf32>
  %out = tensor.empty() : tensor<16x32xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                       affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<16x32xf32>, tensor<32xf32>)
      outs(%out : tensor<16x32xf32>) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %s = arith.addf %x, %b : f32
    %m = arith.maximumf %s, %cst : f32
    linalg.yield %m : f32
  } -> tensor<16x32xf32>
  return %r : tensor<16x32xf32>
}

func.func @conv2d_nhwc(%input: tensor<1x34x34x8xf32>, %filter: tensor<3x3x8x16xf32>) -> tensor<1x32x32x16xf32> {
  %cst = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<1x32x32x16xf32>
  %fill = linalg.fill ins(%cst : f32) outs(%init : tensor<1x32x32x16xf32>) -> tensor<1x32x32x16xf32>
  %r = linalg.conv_2d_nhwc_hwcf
         {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%input, %filter : tensor<1x34x34x8xf32>, tensor<3x3x8x16xf32>)
         outs(%fill : tensor<1x32x32x16xf32>) -> tensor<1x32x32x16xf32>
  return %r : tensor<1x32x32x16xf32>
}

func.func @conv_padded(%input: tensor<1x32x32x8xf32>, %filter: tensor<3x3x8x16xf32>) -> tensor<1x32x32x16xf32> {
  %cst = arith.constant 0.0 : f32
  %padded = tensor.pad %input low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %cst : f32
  } : tensor<1x32x32x8xf32> to tensor<1x34x34x8xf32>
  %init = tensor.empty() : tensor<1x32x32x16xf32>
  %fill = linalg.fill ins(%cst : f32) outs(%init : tensor<1x32x32x16xf32>) -> tensor<1x32x32x16xf32>
  %r = linalg.conv_2d_nhwc_hwcf
         {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%padded, %filter : tensor<1x34x34x8xf32>, tensor<3x3x8x16xf32>)
         outs(%fill : tensor<1x32x32x16xf32>) -> tensor<1x32x32x16xf32>
  return %r : tensor<1x32x32x16xf32>
}

func.func @max_pool(%input: tensor<1x32x32x8xf32>) -> tensor<1x16x16x8xf32> {
  %ninf = arith.constant -3.40282347E+38 : f32
  %window = tensor.empty() : tensor<2x2xf32>
  %init = tensor.empty() : tensor<1x16x16x8xf32>
  %fill = linalg.fill ins(%ninf : f32) outs(%init : tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32>
  %r = linalg.pooling_nhwc_max
         {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
         ins(%input, %window : tensor<1x32x32x8xf32>, tensor<2x2xf32>)
         outs(%fill : tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32>
  return %r : tensor<1x16x16x8xf32>
}

func.func @avg_pool_sum(%input: tensor<1x32x32x8xf32>) -> tensor<1x16x16x8xf32> {
  %zero = arith.constant 0.0 : f32
  %quarter = arith.constant 0.25 : f32
  %window = tensor.empty() : tensor<2x2xf32>
  %init = tensor.empty() : tensor<1x16x16x8xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32>
  %sum = linalg.pooling_nhwc_sum
         {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
         ins(%input, %window : tensor<1x32x32x8xf32>, tensor<2x2xf32>)
         outs(%fill : tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      outs(%sum : tensor<1x16x16x8xf32>) {
  ^bb0(%x: f32):
    %m = arith.mulf %x, %quarter : f32
    linalg.yield %m : f32
  } -> tensor<1x16x16x8xf32>
  return %r : tensor<1x16x16x8xf32>
}

func.func @softmax(%x: tensor<8x128xf32>) -> tensor<8x128xf32> {
  %ninf = arith.constant -3.40282347E+38 : f32
  %zero = arith.constant 0.0 : f32
  %rinit = tensor.empty() : tensor<8xf32>
  %maxinit = linalg.fill ins(%ninf : f32) outs(%rinit : tensor<8xf32>) -> tensor<8xf32>
  %max = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x128xf32>) outs(%maxinit : tensor<8xf32>) {
  ^bb0(%a: f32, %m: f32):
    %r = arith.maximumf %a, %m : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %einit = tensor.empty() : tensor<8x128xf32>
  %exp = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>,
                       affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%x, %max : tensor<8x128xf32>, tensor<8xf32>) outs(%einit : tensor<8x128xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %e = math.exp %d : f32
    linalg.yield %e : f32
  } -> tensor<8x128xf32>
  %suminit = linalg.fill ins(%zero : f32) outs(%rinit : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%exp : tensor<8x128xf32>) outs(%suminit : tensor<8xf32>) {
  ^bb0(%a: f32, %s: f32):
    %r = arith.addf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>,
                       affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%exp, %sum : tensor<8x128xf32>, tensor<8xf32>) outs(%einit : tensor<8x128xf32>) {
  ^bb0(%e: f32, %s: f32, %o: f32):
    %q = arith.divf %e, %s : f32
    linalg.yield %q : f32
  } -> tensor<8x128xf32>
  return %r : tensor<8x128xf32>
}

func.func @elementwise_chain(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %init = tensor.empty(%n) : tensor<?xf32>
  %add = linalg.add ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%init : tensor<?xf32>) -> tensor<?xf32>
  %init2 = tensor.empty(%n) : tensor<?xf32>
  %mul = linalg.mul ins(%add, %a : tensor<?xf32>, tensor<?xf32>) outs(%init2 : tensor<?xf32>) -> tensor<?xf32>
  %init3 = tensor.empty(%n) : tensor<?xf32>
  %exp = linalg.exp ins(%mul : tensor<?xf32>) outs(%init3 : tensor<?xf32>) -> tensor<?xf32>
  return %exp : tensor<?xf32>
}

func.func @elementwise_in_place(%a: tensor<256xf32>) -> tensor<256xf32> {
  %r = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      outs(%a : tensor<256xf32>) {
  ^bb0(%x: f32):
    %y = arith.mulf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<256xf32>
  return %r : tensor<256xf32>
}

func.func @transpose_then_reduce(%a: tensor<32x64xf32>) -> tensor<64xf32> {
  %zero = arith.constant 0.0 : f32
  %tinit = tensor.empty() : tensor<64x32xf32>
  %t = linalg.transpose ins(%a : tensor<32x64xf32>) outs(%tinit : tensor<64x32xf32>) permutation = [1, 0]
  %rinit = tensor.empty() : tensor<64xf32>
  %rfill = linalg.fill ins(%zero : f32) outs(%rinit : tensor<64xf32>) -> tensor<64xf32>
  %r = linalg.reduce ins(%t : tensor<64x32xf32>) outs(%rfill : tensor<64xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<64xf32>
}

func.func @broadcast_add(%a: tensor<16x8xf32>, %row: tensor<8xf32>) -> tensor<16x8xf32> {
  %binit = tensor.empty() : tensor<16x8xf32>
  %b = linalg.broadcast ins(%row : tensor<8xf32>) outs(%binit : tensor<16x8xf32>) dimensions = [0]
  %init = tensor.empty() : tensor<16x8xf32>
  %r = linalg.add ins(%a, %b : tensor<16x8xf32>, tensor<16x8xf32>) outs(%init : tensor<16x8xf32>) -> tensor<16x8xf32>
  return %r : tensor<16x8xf32>
}
