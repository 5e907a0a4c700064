























module {
  func.func private @redundantOperations(%arg0: memref<2xf32>) {
    %alloc = memref.alloc() : memref<2xf32>
    memref.copy %arg0, %alloc : memref<2xf32> to memref<2xf32>
    %alloc_0 = memref.alloc() : memref<2xf32>
    memref.copy %alloc, %alloc_0 : memref<2xf32> to memref<2xf32>
    memref.dealloc %alloc : memref<2xf32>
    memref.dealloc %alloc_0 : memref<2xf32>
    return
  }
}














