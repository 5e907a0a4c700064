// Tensor programs written for the corpus: tiled loops, scf.if / scf.while
// with tensor results, scf.forall, tensor.pad and insert/extract slices.

func.func @tiled_matmul(%a: tensor<128x128xf32>, %b: tensor<128x128xf32>,
                        %c: tensor<128x128xf32>) -> tensor<128x128xf32> {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %r = scf.for %i = %c0 to %c128 step %c32 iter_args(%acc = %c) -> (tensor<128x128xf32>) {
    %r2 = scf.for %j = %c0 to %c128 step %c32 iter_args(%acc2 = %acc) -> (tensor<128x128xf32>) {
      %sa = tensor.extract_slice %a[%i, 0] [32, 128] [1, 1] : tensor<128x128xf32> to tensor<32x128xf32>
      %sb = tensor.extract_slice %b[0, %j] [128, 32] [1, 1] : tensor<128x128xf32> to tensor<128x32xf32>
      %sc = tensor.extract_slice %acc2[%i, %j] [32, 32] [1, 1] : tensor<128x128xf32> to tensor<32x32xf32>
      %mm = linalg.matmul ins(%sa, %sb : tensor<32x128xf32>, tensor<128x32xf32>)
                          outs(%sc : tensor<32x32xf32>) -> tensor<32x32xf32>
      %ins = tensor.insert_slice %mm into %acc2[%i, %j] [32, 32] [1, 1] : tensor<32x32xf32> into tensor<128x128xf32>
      scf.yield %ins : tensor<128x128xf32>
    }
    scf.yield %r2 : tensor<128x128xf32>
  }
  return %r : tensor<128x128xf32>
}

func.func @tiled_elementwise_dynamic(%a: tensor<?xf32>, %b: tensor<?xf32>, %tile: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %init = tensor.empty(%n) : tensor<?xf32>
  %r = scf.for %i = %c0 to %n step %tile iter_args(%out = %init) -> (tensor<?xf32>) {
    %rem = arith.subi %n, %i : index
    %sz = arith.minsi %tile, %rem : index
    %sa = tensor.extract_slice %a[%i] [%sz] [1] : tensor<?xf32> to tensor<?xf32>
    %sb = tensor.extract_slice %b[%i] [%sz] [1] : tensor<?xf32> to tensor<?xf32>
    %so = tensor.extract_slice %out[%i] [%sz] [1] : tensor<?xf32> to tensor<?xf32>
    %s = linalg.add ins(%sa, %sb : tensor<?xf32>, tensor<?xf32>) outs(%so : tensor<?xf32>) -> tensor<?xf32>
    %ins = tensor.insert_slice %s into %out[%i] [%sz] [1] : tensor<?xf32> into tensor<?xf32>
    scf.yield %ins : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

func.func @accumulate_in_loop(%x: tensor<64xf32>, %n: index) -> tensor<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<64xf32>
  %acc0 = linalg.fill ins(%zero : f32) outs(%init : tensor<64xf32>) -> tensor<64xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<64xf32>) {
    %next = linalg.add ins(%acc, %x : tensor<64xf32>, tensor<64xf32>) outs(%acc : tensor<64xf32>) -> tensor<64xf32>
    scf.yield %next : tensor<64xf32>
  }
  return %r : tensor<64xf32>
}

func.func @loop_new_tensor_each_iteration(%x: tensor<64xf32>, %n: index) -> tensor<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<64xf32>) {
    %fresh = tensor.empty() : tensor<64xf32>
    %next = linalg.mul ins(%acc, %acc : tensor<64xf32>, tensor<64xf32>) outs(%fresh : tensor<64xf32>) -> tensor<64xf32>
    scf.yield %next : tensor<64xf32>
  }
  return %r : tensor<64xf32>
}

func.func @select_branch(%c: i1, %a: tensor<32xf32>, %b: tensor<32xf32>) -> tensor<32xf32> {
  %r = scf.if %c -> (tensor<32xf32>) {
    %init = tensor.empty() : tensor<32xf32>
    %s = linalg.add ins(%a, %b : tensor<32xf32>, tensor<32xf32>) outs(%init : tensor<32xf32>) -> tensor<32xf32>
    scf.yield %s : tensor<32xf32>
  } else {
    scf.yield %a : tensor<32xf32>
  }
  return %r : tensor<32xf32>
}

func.func @if_both_compute(%c: i1, %a: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %r = scf.if %c -> (tensor<?xf32>) {
    %init = tensor.empty(%n) : tensor<?xf32>
    %e = linalg.exp ins(%a : tensor<?xf32>) outs(%init : tensor<?xf32>) -> tensor<?xf32>
    scf.yield %e : tensor<?xf32>
  } else {
    %init = tensor.empty(%n) : tensor<?xf32>
    %e = linalg.negf ins(%a : tensor<?xf32>) outs(%init : tensor<?xf32>) -> tensor<?xf32>
    scf.yield %e : tensor<?xf32>
  }
  %out = tensor.empty(%n) : tensor<?xf32>
  %sum = linalg.add ins(%r, %a : tensor<?xf32>, tensor<?xf32>) outs(%out : tensor<?xf32>) -> tensor<?xf32>
  return %sum : tensor<?xf32>
}

func.func @if_write_then_read(%c: i1, %a: tensor<16xf32>, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> (tensor<16xf32>) {
    %w = tensor.insert %v into %a[%c0] : tensor<16xf32>
    scf.yield %w : tensor<16xf32>
  } else {
    scf.yield %a : tensor<16xf32>
  }
  %e = tensor.extract %r[%c0] : tensor<16xf32>
  %f = tensor.extract %a[%c0] : tensor<16xf32>
  %s = arith.addf %e, %f : f32
  return %s : f32
}

func.func @while_halve(%x: tensor<?xf32>, %limit: f32) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %half = arith.constant 0.5 : f32
  %r = scf.while (%cur = %x) : (tensor<?xf32>) -> tensor<?xf32> {
    %first = tensor.extract %cur[%c0] : tensor<?xf32>
    %go = arith.cmpf ogt, %first, %limit : f32
    scf.condition(%go) %cur : tensor<?xf32>
  } do {
  ^bb0(%cur: tensor<?xf32>):
    %n = tensor.dim %cur, %c0 : tensor<?xf32>
    %init = tensor.empty(%n) : tensor<?xf32>
    %next = linalg.generic {
        indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
        iterator_types = ["parallel"]}
        ins(%cur : tensor<?xf32>) outs(%init : tensor<?xf32>) {
    ^bb0(%a: f32, %o: f32):
      %m = arith.mulf %a, %half : f32
      linalg.yield %m : f32
    } -> tensor<?xf32>
    scf.yield %next : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

func.func @while_two_results(%x: tensor<8xf32>, %n: i32) -> (tensor<8xf32>, i32) {
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %r:2 = scf.while (%t = %x, %k = %n) : (tensor<8xf32>, i32) -> (tensor<8xf32>, i32) {
    %go = arith.cmpi sgt, %k, %zero : i32
    scf.condition(%go) %t, %k : tensor<8xf32>, i32
  } do {
  ^bb0(%t: tensor<8xf32>, %k: i32):
    %init = tensor.empty() : tensor<8xf32>
    %d = linalg.add ins(%t, %t : tensor<8xf32>, tensor<8xf32>) outs(%init : tensor<8xf32>) -> tensor<8xf32>
    %k2 = arith.subi %k, %one : i32
    scf.yield %d, %k2 : tensor<8xf32>, i32
  }
  return %r#0, %r#1 : tensor<8xf32>, i32
}

func.func @forall_tiles(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %init = tensor.empty() : tensor<64x64xf32>
  %r = scf.forall (%i, %j) = (0, 0) to (64, 64) step (16, 16) shared_outs(%o = %init) -> (tensor<64x64xf32>) {
    %sa = tensor.extract_slice %a[%i, %j] [16, 16] [1, 1] : tensor<64x64xf32> to tensor<16x16xf32>
    %sb = tensor.extract_slice %b[%i, %j] [16, 16] [1, 1] : tensor<64x64xf32> to tensor<16x16xf32>
    %so = tensor.extract_slice %o[%i, %j] [16, 16] [1, 1] : tensor<64x64xf32> to tensor<16x16xf32>
    %s = linalg.add ins(%sa, %sb : tensor<16x16xf32>, tensor<16x16xf32>) outs(%so : tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, %j] [16, 16] [1, 1] : tensor<16x16xf32> into tensor<64x64xf32>
    }
  }
  return %r : tensor<64x64xf32>
}

func.func @forall_with_scratch(%a: tensor<128xf32>) -> tensor<128xf32> {
  %init = tensor.empty() : tensor<128xf32>
  %r = scf.forall (%i) = (0) to (128) step (32) shared_outs(%o = %init) -> (tensor<128xf32>) {
    %sa = tensor.extract_slice %a[%i] [32] [1] : tensor<128xf32> to tensor<32xf32>
    %tmp = tensor.empty() : tensor<32xf32>
    %e = linalg.exp ins(%sa : tensor<32xf32>) outs(%tmp : tensor<32xf32>) -> tensor<32xf32>
    %so = tensor.extract_slice %o[%i] [32] [1] : tensor<128xf32> to tensor<32xf32>
    %s = linalg.add ins(%e, %sa : tensor<32xf32>, tensor<32xf32>) outs(%so : tensor<32xf32>) -> tensor<32xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i] [32] [1] : tensor<32xf32> into tensor<128xf32>
    }
  }
  return %r : tensor<128xf32>
}

func.func @pad_dynamic(%a: tensor<?x?xf32>, %lo: index, %hi: index) -> tensor<?x?xf32> {
  %cst = arith.constant 0.0 : f32
  %p = tensor.pad %a low[%lo, %lo] high[%hi, %hi] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<?x?xf32> to tensor<?x?xf32>
  return %p : tensor<?x?xf32>
}

func.func @insert_into_fresh(%a: tensor<4x4xf32>) -> tensor<8x8xf32> {
  %cst = arith.constant 1.0 : f32
  %init = tensor.empty() : tensor<8x8xf32>
  %f = linalg.fill ins(%cst : f32) outs(%init : tensor<8x8xf32>) -> tensor<8x8xf32>
  %r = tensor.insert_slice %a into %f[2, 2] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

func.func @extract_slice_copy(%a: tensor<?x?xf32>, %off: index, %sz: index) -> tensor<?x?xf32> {
  %s = tensor.extract_slice %a[%off, %off] [%sz, %sz] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
  %init = tensor.empty(%sz, %sz) : tensor<?x?xf32>
  %r = linalg.copy ins(%s : tensor<?x?xf32>) outs(%init : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @reshape_chain(%a: tensor<4x8xf32>) -> tensor<2x16xf32> {
  %c = tensor.collapse_shape %a [[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
  %init = tensor.empty() : tensor<32xf32>
  %n = linalg.negf ins(%c : tensor<32xf32>) outs(%init : tensor<32xf32>) -> tensor<32xf32>
  %e = tensor.expand_shape %n [[0, 1]] output_shape [2, 16] : tensor<32xf32> into tensor<2x16xf32>
  return %e : tensor<2x16xf32>
}
