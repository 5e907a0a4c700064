









module {
  func.func @encoding_layout_alloc_tensor() -> memref<4x4xf32> {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    return %alloc : memref<4x4xf32>
  }
}


















