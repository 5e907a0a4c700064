




















































module {
  memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]>
  func.func @op_without_aliasing_and_allocation() -> memref<4xf32> {
    %0 = memref.get_global @__constant_4xf32 : memref<4xf32>
    %1 = bufferization.clone %0 : memref<4xf32> to memref<4xf32>
    return %1 : memref<4xf32>
  }
}

