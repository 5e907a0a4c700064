// Functions still on tensors, drawn with One-Shot Bufferize's decisions
// (test/lit/graph/tensor.test).

// An in-place op and an out-of-place one: tensor.insert writes %t, which
// tensor.extract reads afterwards, so the write goes to a copy of %t; the
// fill then writes that copy in place.
func.func @copy_then_in_place(%t: tensor<4x8xf32>, %v: f32) -> (tensor<4x8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %w = tensor.insert %v into %t[%c0, %c0] : tensor<4x8xf32>
  %r = tensor.extract %t[%c0, %c0] : tensor<4x8xf32>
  %f = linalg.fill ins(%v : f32) outs(%w : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %f, %r : tensor<4x8xf32>, f32
}

// A scratch tensor in a loop body: allocated and freed every iteration.
func.func @scratch_per_iteration(%x: tensor<16xf32>, %n: index) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<16xf32>) {
    %e = tensor.empty() : tensor<16xf32>
    %sq = linalg.mul ins(%acc, %acc : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
    %next = linalg.add ins(%acc, %sq : tensor<16xf32>, tensor<16xf32>) outs(%acc : tensor<16xf32>) -> tensor<16xf32>
    scf.yield %next : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}

// A new tensor, returned: the caller frees it.
func.func @returns_new(%v: f32) -> tensor<8x8xf32> {
  %e = tensor.empty() : tensor<8x8xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %f : tensor<8x8xf32>
}
