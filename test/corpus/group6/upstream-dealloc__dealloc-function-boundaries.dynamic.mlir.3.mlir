




































module {
  func.func private @memref_in_function_results(%arg0: memref<5xf32>, %arg1: memref<10xf32>, %arg2: memref<5xf32>) -> (memref<10xf32>, memref<15xf32>, i1, i1) {
    %false = arith.constant false
    %true = arith.constant true
    %alloc = memref.alloc() : memref<15xf32>
    %alloc_0 = memref.alloc() : memref<5xf32>
    memref.copy %arg0, %alloc_0 : memref<5xf32> to memref<5xf32>
    memref.copy %alloc_0, %arg2 : memref<5xf32> to memref<5xf32>
    memref.dealloc %alloc_0 : memref<5xf32>
    return %arg1, %alloc, %false, %true : memref<10xf32>, memref<15xf32>, i1, i1
  }
}

