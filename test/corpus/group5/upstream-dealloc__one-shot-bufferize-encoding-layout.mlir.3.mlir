


























module {
  func.func @no_encoding_function_boundary(%arg0: memref<4x4xf32, strided<[?, ?], offset: ?>>) -> memref<4x4xf32, strided<[?, ?], offset: ?>> {
    %0 = bufferization.clone %arg0 : memref<4x4xf32, strided<[?, ?], offset: ?>> to memref<4x4xf32, strided<[?, ?], offset: ?>>
    return %0 : memref<4x4xf32, strided<[?, ?], offset: ?>>
  }
}

