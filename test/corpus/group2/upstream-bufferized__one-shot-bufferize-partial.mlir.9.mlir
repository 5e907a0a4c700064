





































































































































module {
  func.func @simple_scf_if(%arg0: tensor<?xf32> {bufferization.writable = true}, %arg1: i1, %arg2: index, %arg3: f32) -> (tensor<?xf32>, index) {
    %0 = bufferization.to_buffer %arg0 : tensor<?xf32> to memref<?xf32, strided<[?], offset: ?>>
    %1 = bufferization.to_buffer %arg0 : tensor<?xf32> to memref<?xf32, strided<[?], offset: ?>>
    %2:2 = scf.if %arg1 -> (memref<?xf32, strided<[?], offset: ?>>, index) {
      scf.yield %1, %arg2 : memref<?xf32, strided<[?], offset: ?>>, index
    } else {
      %c0 = arith.constant 0 : index
      %dim = memref.dim %0, %c0 : memref<?xf32, strided<[?], offset: ?>>
      %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
      memref.copy %0, %alloc : memref<?xf32, strided<[?], offset: ?>> to memref<?xf32>
      memref.store %arg3, %alloc[%arg2] : memref<?xf32>
      %cast = memref.cast %alloc : memref<?xf32> to memref<?xf32, strided<[?], offset: ?>>
      scf.yield %cast, %arg2 : memref<?xf32, strided<[?], offset: ?>>, index
    }
    %3 = bufferization.to_tensor %2#0 : memref<?xf32, strided<[?], offset: ?>> to tensor<?xf32>
    return %3, %2#1 : tensor<?xf32>, index
  }
}

