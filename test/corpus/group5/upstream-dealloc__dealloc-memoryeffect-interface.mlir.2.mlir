


























module {
  func.func @inserting_missing_dealloc_simple(%arg0: memref<2xf32>, %arg1: memref<2xf32>) {
    %alloc = memref.alloc() : memref<2xf32>
    memref.copy %arg0, %alloc : memref<2xf32> to memref<2xf32>
    memref.copy %alloc, %arg1 : memref<2xf32> to memref<2xf32>
    memref.dealloc %alloc : memref<2xf32>
    return
  }
}


























