// The tensor view's two quick fixes, each where re-analysis proves it.

// %t is read after the write into it: the write copies %t (BL501) into a
// new buffer (BL502). Moving the read above the write removes both.
func.func @read_after_write(%v: f32, %x: f32) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.fill ins(%x : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %w = tensor.insert %v into %t[%c0] : tensor<8xf32>
  %r = tensor.extract %t[%c0] : tensor<8xf32>
  return %w, %r : tensor<8xf32>, f32
}

// tensor.empty filled and inserted into %dest: a new buffer (BL502) that
// computing into %dest's slice avoids.
func.func @fill_slice(%dest: tensor<16x16xf32>, %x: f32, %i: index) -> tensor<16x16xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %f = linalg.fill ins(%x : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %r = tensor.insert_slice %f into %dest[%i, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<16x16xf32>
  return %r : tensor<16x16xf32>
}
