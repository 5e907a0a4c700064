// A read after a write into a tensor the function made: moving the read
// above the write lets the write reuse the buffer.
func.func @read_after_write(%v: f32, %x: f32) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.fill ins(%x : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %w = tensor.insert %v into %t[%c0] : tensor<8xf32>
  %r = tensor.extract %t[%c0] : tensor<8xf32>
  return %w, %r : tensor<8xf32>, f32
}

// The close case: a slice of %t is read after the write too, and moving
// the direct read alone leaves the conflict.
func.func @read_through_slice(%v: f32, %x: f32) -> (tensor<8xf32>, f32, f32) {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.fill ins(%x : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %s = tensor.extract_slice %t[0] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %w = tensor.insert %v into %t[%c0] : tensor<8xf32>
  %r = tensor.extract %t[%c0] : tensor<8xf32>
  %q = tensor.extract %s[%c0] : tensor<4xf32>
  return %w, %r, %q : tensor<8xf32>, f32, f32
}

// tensor.empty filled and inserted into a destination: compute into the
// destination's slice instead.
func.func @fill_slice(%dest: tensor<16x16xf32>, %x: f32, %i: index) -> tensor<16x16xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %f = linalg.fill ins(%x : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %r = tensor.insert_slice %f into %dest[%i, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<16x16xf32>
  return %r : tensor<16x16xf32>
}

// The close case: the destination's old contents are read after the
// insert, so its slice cannot be written in place either.
func.func @fill_slice_read_after(%dest: tensor<16xf32>, %x: f32) -> (tensor<16xf32>, f32) {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%x : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.insert_slice %f into %dest[0] [4] [1] : tensor<4xf32> into tensor<16xf32>
  %old = tensor.extract %dest[%c0] : tensor<16xf32>
  return %r, %old : tensor<16xf32>, f32
}

func.func @fill_materialized(%out: tensor<4x8xf32>, %x: f32) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %f = linalg.fill ins(%x : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %r = bufferization.materialize_in_destination %f in %out : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
