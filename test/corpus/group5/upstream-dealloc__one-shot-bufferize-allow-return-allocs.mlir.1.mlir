























module {
  func.func @write_to_alloc_tensor_or_readonly_tensor(%arg0: tensor<i32>, %arg1: i1, %arg2: i32) -> tensor<i32> {
    %true = arith.constant true
    %0 = bufferization.to_buffer %arg0 : tensor<i32> to memref<i32, strided<[], offset: ?>>
    %1 = arith.xori %arg1, %true : i1
    %2 = scf.if %arg1 -> (memref<i32, strided<[], offset: ?>>) {
      scf.yield %0 : memref<i32, strided<[], offset: ?>>
    } else {
      %alloc = memref.alloc() {alignment = 64 : i64} : memref<i32>
      memref.store %arg2, %alloc[] : memref<i32>
      %cast = memref.cast %alloc : memref<i32> to memref<i32, strided<[], offset: ?>>
      scf.yield %cast : memref<i32, strided<[], offset: ?>>
    }
    %3 = bufferization.to_tensor %2 : memref<i32, strided<[], offset: ?>> to tensor<i32>
    %base_buffer, %offset = memref.extract_strided_metadata %2 : memref<i32, strided<[], offset: ?>> -> memref<i32>, index
    scf.if %1 {
      memref.dealloc %base_buffer : memref<i32>
    }
    return %3 : tensor<i32>
  }
}

