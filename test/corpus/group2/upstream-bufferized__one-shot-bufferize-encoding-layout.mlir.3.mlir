


























module {
  func.func @no_encoding_function_boundary(%arg0: memref<4x4xf32, strided<[?, ?], offset: ?>>) -> memref<4x4xf32, strided<[?, ?], offset: ?>> {
    return %arg0 : memref<4x4xf32, strided<[?, ?], offset: ?>>
  }
}

