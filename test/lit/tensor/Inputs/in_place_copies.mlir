// Ops whose bufferization copies although upstream's analysis keeps every
// operand in place: the copy is the op's own, not a conflict's.

// An explicit copy into a new buffer.
func.func @alloc_tensor_copy(%t: tensor<5xf32>) -> tensor<5xf32> {
  %0 = bufferization.alloc_tensor() copy(%t) : tensor<5xf32>
  return %0 : tensor<5xf32>
}

// A copy into the destination, itself a new buffer.
func.func @materialize(%t: tensor<5xf32>) -> tensor<5xf32> {
  %0 = bufferization.alloc_tensor() : tensor<5xf32>
  %1 = bufferization.materialize_in_destination %t in %0 : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
  return %1 : tensor<5xf32>
}

// A copy into the destination that is the source: upstream still copies
// (the buffer onto itself).
func.func @materialize_into_itself(%n: index) -> tensor<?xf32> {
  %0 = tensor.empty(%n) : tensor<?xf32>
  %1 = bufferization.materialize_in_destination %0 in %0 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}

// An argument's buffer has a fully dynamic layout, which
// memref.collapse_shape cannot collapse: the op collapses a copy.
func.func @collapse_argument(%a: tensor<4x8xf32>) -> tensor<32xf32> {
  %c = tensor.collapse_shape %a [[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
  return %c : tensor<32xf32>
}
