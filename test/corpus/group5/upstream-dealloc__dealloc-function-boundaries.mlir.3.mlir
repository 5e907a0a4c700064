




































module {
  func.func private @memref_in_function_results(%arg0: memref<5xf32>, %arg1: memref<10xf32>, %arg2: memref<5xf32>) -> (memref<10xf32>, memref<15xf32>) {
    %alloc = memref.alloc() : memref<15xf32>
    %alloc_0 = memref.alloc() : memref<5xf32>
    memref.copy %arg0, %alloc_0 : memref<5xf32> to memref<5xf32>
    memref.copy %alloc_0, %arg2 : memref<5xf32> to memref<5xf32>
    %0 = bufferization.clone %arg1 : memref<10xf32> to memref<10xf32>
    memref.dealloc %alloc_0 : memref<5xf32>
    return %0, %alloc : memref<10xf32>, memref<15xf32>
  }
}

