



























































































































































































module {
  func.func private @f(%arg0: memref<f64>) -> memref<f64> {
    %0 = bufferization.clone %arg0 : memref<f64> to memref<f64>
    return %0 : memref<f64>
  }
  func.func @function_call_requries_merged_ownership_mid_block(%arg0: i1) {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %true = arith.constant true
    %alloc = memref.alloc() : memref<f64>
    %alloca = memref.alloca() : memref<f64>
    %0 = arith.select %arg0, %alloc, %alloca : memref<f64>
    %1 = call @f(%0) : (memref<f64>) -> memref<f64>
    memref.copy %1, %alloc : memref<f64> to memref<f64>
    %base_buffer, %offset = memref.extract_strided_metadata %1 : memref<f64> -> memref<f64>, index
    %alloc_0 = memref.alloc() : memref<2xindex>
    %alloc_1 = memref.alloc() : memref<2xi1>
    %alloc_2 = memref.alloc() : memref<0xindex>
    %intptr = memref.extract_aligned_pointer_as_index %alloc : memref<f64> -> index
    memref.store %intptr, %alloc_0[%c0] : memref<2xindex>
    %intptr_3 = memref.extract_aligned_pointer_as_index %base_buffer : memref<f64> -> index
    memref.store %intptr_3, %alloc_0[%c1] : memref<2xindex>
    memref.store %true, %alloc_1[%c0] : memref<2xi1>
    memref.store %true, %alloc_1[%c1] : memref<2xi1>
    %cast = memref.cast %alloc_0 : memref<2xindex> to memref<?xindex>
    %cast_4 = memref.cast %alloc_1 : memref<2xi1> to memref<?xi1>
    %cast_5 = memref.cast %alloc_2 : memref<0xindex> to memref<?xindex>
    %alloc_6 = memref.alloc() : memref<2xi1>
    %alloc_7 = memref.alloc() : memref<0xi1>
    %cast_8 = memref.cast %alloc_6 : memref<2xi1> to memref<?xi1>
    %cast_9 = memref.cast %alloc_7 : memref<0xi1> to memref<?xi1>
    call @dealloc_helper(%cast, %cast_5, %cast_4, %cast_8, %cast_9) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
    %2 = memref.load %alloc_6[%c0] : memref<2xi1>
    scf.if %2 {
      memref.dealloc %alloc : memref<f64>
    }
    %3 = memref.load %alloc_6[%c1] : memref<2xi1>
    scf.if %3 {
      memref.dealloc %base_buffer : memref<f64>
    }
    memref.dealloc %alloc_0 : memref<2xindex>
    memref.dealloc %alloc_2 : memref<0xindex>
    memref.dealloc %alloc_1 : memref<2xi1>
    memref.dealloc %alloc_6 : memref<2xi1>
    memref.dealloc %alloc_7 : memref<0xi1>
    return
  }
  func.func private @dealloc_helper(%arg0: memref<?xindex>, %arg1: memref<?xindex>, %arg2: memref<?xi1>, %arg3: memref<?xi1>, %arg4: memref<?xi1>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %true = arith.constant true
    %false = arith.constant false
    %dim = memref.dim %arg0, %c0 : memref<?xindex>
    %dim_0 = memref.dim %arg1, %c0 : memref<?xindex>
    scf.for %arg5 = %c0 to %dim_0 step %c1 {
      memref.store %false, %arg4[%arg5] : memref<?xi1>
    }
    scf.for %arg5 = %c0 to %dim step %c1 {
      %0 = memref.load %arg0[%arg5] : memref<?xindex>
      %1 = memref.load %arg2[%arg5] : memref<?xi1>
      %2 = scf.for %arg6 = %c0 to %dim_0 step %c1 iter_args(%arg7 = %true) -> (i1) {
        %5 = memref.load %arg1[%arg6] : memref<?xindex>
        %6 = arith.cmpi eq, %5, %0 : index
        scf.if %6 {
          %9 = memref.load %arg4[%arg6] : memref<?xi1>
          %10 = arith.ori %9, %1 : i1
          memref.store %10, %arg4[%arg6] : memref<?xi1>
        }
        %7 = arith.cmpi ne, %5, %0 : index
        %8 = arith.andi %arg7, %7 : i1
        scf.yield %8 : i1
      }
      %3 = scf.for %arg6 = %c0 to %arg5 step %c1 iter_args(%arg7 = %2) -> (i1) {
        %5 = memref.load %arg0[%arg6] : memref<?xindex>
        %6 = arith.cmpi ne, %5, %0 : index
        %7 = arith.andi %arg7, %6 : i1
        scf.yield %7 : i1
      }
      %4 = arith.andi %3, %1 : i1
      memref.store %4, %arg3[%arg5] : memref<?xi1>
    }
    return
  }
}

