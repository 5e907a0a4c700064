func.func @"naïve😀"(%arg0: memref<2xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = memref.load %arg0[%c0] : memref<2xf32>
  return %v : f32
}
