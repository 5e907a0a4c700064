

















module {
  func.func private @dummy_op(memref<4x4xf32, strided<[?, ?], offset: ?>>) -> memref<4x4xf32, strided<[?, ?], offset: ?>>
  func.func @encoding_layout_unknown_op(%arg0: memref<4x4xf32, strided<[?, ?], offset: ?>>) -> memref<4x4xf32, strided<[?, ?], offset: ?>> {
    %0 = call @dummy_op(%arg0) : (memref<4x4xf32, strided<[?, ?], offset: ?>>) -> memref<4x4xf32, strided<[?, ?], offset: ?>>
    return %0 : memref<4x4xf32, strided<[?, ?], offset: ?>>
  }
}









