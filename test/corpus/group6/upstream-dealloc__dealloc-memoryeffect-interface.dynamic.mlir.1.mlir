














module {
  func.func @allocaIsNotDeallocated(%arg0: memref<2xf32>) {
    %alloc = memref.alloc() : memref<2xf32>
    memref.copy %arg0, %alloc : memref<2xf32> to memref<2xf32>
    %alloca = memref.alloca() : memref<2xf32>
    memref.copy %alloc, %alloca : memref<2xf32> to memref<2xf32>
    memref.dealloc %alloc : memref<2xf32>
    return
  }
}





































