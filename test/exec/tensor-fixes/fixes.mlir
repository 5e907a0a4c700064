// The programs of test/lit/tensor/Inputs/fixes.mlir with an entry that
// prints what they compute: the fixed program (bufferlens lint --fix) must
// print the same. The three fixes of that file apply here; the close
// cases keep their text.
// FIXES: 3
func.func @read_after_write(%v: f32, %x: f32) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.fill ins(%x : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %w = tensor.insert %v into %t[%c0] : tensor<8xf32>
  %r = tensor.extract %t[%c0] : tensor<8xf32>
  return %w, %r : tensor<8xf32>, f32
}

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

func.func @fill_slice(%dest: tensor<16x16xf32>, %x: f32, %i: index) -> tensor<16x16xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %f = linalg.fill ins(%x : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %r = tensor.insert_slice %f into %dest[%i, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<16x16xf32>
  return %r : tensor<16x16xf32>
}

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

func.func private @printMemrefF32(tensor<*xf32>)

func.func @entry() {
  %v = arith.constant 5.0 : f32
  %x = arith.constant 2.0 : f32
  %i = arith.constant 3 : index
  %w, %r = call @read_after_write(%v, %x) : (f32, f32) -> (tensor<8xf32>, f32)
  %w_u = tensor.cast %w : tensor<8xf32> to tensor<*xf32>
  call @printMemrefF32(%w_u) : (tensor<*xf32>) -> ()
  vector.print %r : f32
  %w2, %r2, %q2 = call @read_through_slice(%v, %x) : (f32, f32) -> (tensor<8xf32>, f32, f32)
  %w2_u = tensor.cast %w2 : tensor<8xf32> to tensor<*xf32>
  call @printMemrefF32(%w2_u) : (tensor<*xf32>) -> ()
  vector.print %r2 : f32
  vector.print %q2 : f32
  %d = arith.constant dense<1.0> : tensor<16x16xf32>
  %s = call @fill_slice(%d, %x, %i) : (tensor<16x16xf32>, f32, index) -> tensor<16x16xf32>
  %s_u = tensor.cast %s : tensor<16x16xf32> to tensor<*xf32>
  call @printMemrefF32(%s_u) : (tensor<*xf32>) -> ()
  %d1 = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0]> : tensor<16xf32>
  %s1, %old = call @fill_slice_read_after(%d1, %x) : (tensor<16xf32>, f32) -> (tensor<16xf32>, f32)
  %s1_u = tensor.cast %s1 : tensor<16xf32> to tensor<*xf32>
  call @printMemrefF32(%s1_u) : (tensor<*xf32>) -> ()
  vector.print %old : f32
  %d2 = arith.constant dense<7.0> : tensor<4x8xf32>
  %m = call @fill_materialized(%d2, %x) : (tensor<4x8xf32>, f32) -> tensor<4x8xf32>
  %m_u = tensor.cast %m : tensor<4x8xf32> to tensor<*xf32>
  call @printMemrefF32(%m_u) : (tensor<*xf32>) -> ()
  return
}
