// acme.scale, a tensor op whose BufferizableOpInterface model the plugin
// registers: in place when nothing reads its input afterwards, and out of
// place (a copy of the input) when something does.
func.func @scale_in_place(%t: tensor<8xf32>, %f: f32) -> tensor<8xf32> {
  %r = acme.scale %t by %f : tensor<8xf32>
  return %r : tensor<8xf32>
}

func.func @scale_then_read(%t: tensor<8xf32>, %f: f32) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %r = acme.scale %t by %f : tensor<8xf32>
  %v = tensor.extract %t[%c0] : tensor<8xf32>
  return %r, %v : tensor<8xf32>, f32
}
