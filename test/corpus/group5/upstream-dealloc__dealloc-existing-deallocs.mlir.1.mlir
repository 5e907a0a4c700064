

















module {
  func.func private @memref_user(memref<?xi32>)
  func.func @auto_dealloc_inside_nested_region(%arg0: memref<?xi32>, %arg1: i1) {
    %false = arith.constant false
    %c0 = arith.constant 0 : index
    %c100 = arith.constant 100 : index
    %0:2 = scf.if %arg1 -> (memref<?xi32>, i1) {
      %dim = memref.dim %arg0, %c0 : memref<?xi32>
      %1 = arith.cmpi ult, %dim, %c100 : index
      %2 = scf.if %1 -> (memref<?xi32>) {
        %alloc = memref.alloc() : memref<100xi32>
        %cast = memref.cast %alloc : memref<100xi32> to memref<?xi32>
        %subview = memref.subview %alloc[0] [%dim] [1] : memref<100xi32> to memref<?xi32, strided<[1]>>
        memref.copy %arg0, %subview : memref<?xi32> to memref<?xi32, strided<[1]>>
        scf.yield %cast : memref<?xi32>
      } else {
        %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [100], strides: [1] : memref<?xi32> to memref<100xi32, strided<[1]>>
        %cast = memref.cast %reinterpret_cast : memref<100xi32, strided<[1]>> to memref<?xi32>
        scf.yield %cast : memref<?xi32>
      }
      scf.yield %2, %1 : memref<?xi32>, i1
    } else {
      scf.yield %arg0, %false : memref<?xi32>, i1
    }
    call @memref_user(%0#0) : (memref<?xi32>) -> ()
    %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %0#0 : memref<?xi32> -> memref<i32>, index, index, index
    scf.if %0#1 {
      memref.dealloc %base_buffer : memref<i32>
    }
    return
  }
}

