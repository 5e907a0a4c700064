



















































































module {
  func.func private @dummy_op(tensor<10xf32>) -> tensor<10xf32>
  func.func @unknown_op_may_read(%arg0: vector<5xf32>) -> (tensor<10xf32>, tensor<10xf32>) {
    %c0 = arith.constant 0 : index
    %cst = arith.constant 5.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<10xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<10xf32>)
    %0 = bufferization.to_tensor %alloc : memref<10xf32> to tensor<10xf32>
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<10xf32>
    memref.copy %alloc, %alloc_0 : memref<10xf32> to memref<10xf32>
    vector.transfer_write %arg0, %alloc_0[%c0] {in_bounds = [true]} : vector<5xf32>, memref<10xf32>
    %1 = bufferization.to_tensor %alloc_0 : memref<10xf32> to tensor<10xf32>
    %2 = call @dummy_op(%0) : (tensor<10xf32>) -> tensor<10xf32>
    memref.dealloc %alloc : memref<10xf32>
    memref.dealloc %alloc_0 : memref<10xf32>
    return %1, %2 : tensor<10xf32>, tensor<10xf32>
  }
}



























































