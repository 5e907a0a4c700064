




























module {
  func.func @alloc_tesor_copy_from_default_space(%arg0: tensor<128xf32>) -> tensor<128xf32> {
    %0 = bufferization.to_buffer %arg0 : tensor<128xf32> to memref<128xf32, strided<[?], offset: ?>>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<128xf32, 1>
    memref.copy %0, %alloc : memref<128xf32, strided<[?], offset: ?>> to memref<128xf32, 1>
    %1 = bufferization.to_tensor %alloc : memref<128xf32, 1> to tensor<128xf32>
    return %1 : tensor<128xf32>
  }
}








































