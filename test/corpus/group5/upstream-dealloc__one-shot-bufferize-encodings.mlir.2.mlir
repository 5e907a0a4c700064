





















module {
  func.func @alloc_tesor_with_space_with_encoding() -> tensor<128xf32, 1 : i64> {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<128xf32, 1>
    %0 = bufferization.to_tensor %alloc : memref<128xf32, 1> to tensor<128xf32, 1 : i64>
    memref.dealloc %alloc : memref<128xf32, 1>
    return %0 : tensor<128xf32, 1 : i64>
  }
}























































