







































































































































module {
  func.func @simple_scf_if(%arg0: tensor<?xf32> {bufferization.writable = true}, %arg1: i1, %arg2: index, %arg3: f32) -> (tensor<?xf32>, index) {
    %true = arith.constant true
    %c0 = arith.constant 0 : index
    %0 = bufferization.to_buffer %arg0 : tensor<?xf32> to memref<?xf32, strided<[?], offset: ?>>
    %1 = arith.xori %arg1, %true : i1
    %2 = scf.if %arg1 -> (memref<?xf32, strided<[?], offset: ?>>) {
      scf.yield %0 : memref<?xf32, strided<[?], offset: ?>>
    } else {
      %dim = tensor.dim %arg0, %c0 : tensor<?xf32>
      %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
      memref.copy %0, %alloc : memref<?xf32, strided<[?], offset: ?>> to memref<?xf32>
      memref.store %arg3, %alloc[%arg2] : memref<?xf32>
      %cast = memref.cast %alloc : memref<?xf32> to memref<?xf32, strided<[?], offset: ?>>
      scf.yield %cast : memref<?xf32, strided<[?], offset: ?>>
    }
    %3 = bufferization.to_tensor %2 : memref<?xf32, strided<[?], offset: ?>> to tensor<?xf32>
    %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %2 : memref<?xf32, strided<[?], offset: ?>> -> memref<f32>, index, index, index
    scf.if %1 {
      memref.dealloc %base_buffer : memref<f32>
    }
    return %3, %arg2 : tensor<?xf32>, index
  }
}

