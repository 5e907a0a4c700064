









































































module {
  func.func @materialize_in_destination(%arg0: tensor<128xf32, 1 : i64>) -> tensor<128xf32, 2 : i64> {
    %0 = bufferization.to_buffer %arg0 : tensor<128xf32, 1 : i64> to memref<128xf32, strided<[?], offset: ?>, 1>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<128xf32, 2>
    memref.copy %0, %alloc : memref<128xf32, strided<[?], offset: ?>, 1> to memref<128xf32, 2>
    %1 = bufferization.to_tensor %alloc : memref<128xf32, 2> to tensor<128xf32, 2 : i64>
    memref.dealloc %alloc : memref<128xf32, 2>
    return %1 : tensor<128xf32, 2 : i64>
  }
}

