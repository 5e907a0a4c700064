// Pad a 6x6 image by one pixel and insert it into a tile of a larger
// canvas that is read afterwards: tensor.pad allocates; the insert_slice
// writes into %canvas, which is read later, so it is copied first.
func.func @pad_insert(%img: tensor<6x6xf32>, %canvas: tensor<16x16xf32>) -> (tensor<16x16xf32>, f32) {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %p = tensor.pad %img low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<6x6xf32> to tensor<8x8xf32>
  %r = tensor.insert_slice %p into %canvas[4, 4] [8, 8] [1, 1] : tensor<8x8xf32> into tensor<16x16xf32>
  %old = tensor.extract %canvas[%c0, %c0] : tensor<16x16xf32>
  return %r, %old : tensor<16x16xf32>, f32
}
