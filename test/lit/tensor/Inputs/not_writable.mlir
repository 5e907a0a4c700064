// Writes One-Shot Bufferize puts out of place with no conflict: the buffer
// is one it may not write, and no read follows the write.
func.func private @fill(tensor<8xf32>) -> f32

func.func @read_only_argument(%t: tensor<8xf32> {bufferization.writable = false}) -> f32 {
  %r = call @fill(%t) : (tensor<8xf32>) -> f32
  return %r : f32
}

func.func @constant(%x: f32) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %k = arith.constant dense<1.0> : tensor<8xf32>
  %w = tensor.insert %x into %k[%c0] : tensor<8xf32>
  return %w : tensor<8xf32>
}

func.func @from_memref(%m: memref<8xf32>, %x: f32) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %t = bufferization.to_tensor %m restrict : memref<8xf32> to tensor<8xf32>
  %w = tensor.insert %x into %t[%c0] : tensor<8xf32>
  return %w : tensor<8xf32>
}
