






























































































module {
  func.func @f(%arg0: memref<f64>) -> memref<f64> {
    %0 = bufferization.clone %arg0 : memref<f64> to memref<f64>
    return %0 : memref<f64>
  }
  func.func @function_call_non_private() {
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %true = arith.constant true
    %alloc = memref.alloc() : memref<f64>
    %alloc_0 = memref.alloc() : memref<f64>
    %0 = call @f(%alloc) : (memref<f64>) -> memref<f64>
    memref.copy %0, %alloc_0 : memref<f64> to memref<f64>
    %base_buffer, %offset = memref.extract_strided_metadata %0 : memref<f64> -> memref<f64>, index
    %alloc_1 = memref.alloc() : memref<3xindex>
    %alloc_2 = memref.alloc() : memref<3xi1>
    %alloc_3 = memref.alloc() : memref<0xindex>
    %intptr = memref.extract_aligned_pointer_as_index %alloc : memref<f64> -> index
    memref.store %intptr, %alloc_1[%c0] : memref<3xindex>
    %intptr_4 = memref.extract_aligned_pointer_as_index %alloc_0 : memref<f64> -> index
    memref.store %intptr_4, %alloc_1[%c1] : memref<3xindex>
    %intptr_5 = memref.extract_aligned_pointer_as_index %base_buffer : memref<f64> -> index
    memref.store %intptr_5, %alloc_1[%c2] : memref<3xindex>
    memref.store %true, %alloc_2[%c0] : memref<3xi1>
    memref.store %true, %alloc_2[%c1] : memref<3xi1>
    memref.store %true, %alloc_2[%c2] : memref<3xi1>
    %cast = memref.cast %alloc_1 : memref<3xindex> to memref<?xindex>
    %cast_6 = memref.cast %alloc_2 : memref<3xi1> to memref<?xi1>
    %cast_7 = memref.cast %alloc_3 : memref<0xindex> to memref<?xindex>
    %alloc_8 = memref.alloc() : memref<3xi1>
    %alloc_9 = memref.alloc() : memref<0xi1>
    %cast_10 = memref.cast %alloc_8 : memref<3xi1> to memref<?xi1>
    %cast_11 = memref.cast %alloc_9 : memref<0xi1> to memref<?xi1>
    call @dealloc_helper(%cast, %cast_7, %cast_6, %cast_10, %cast_11) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
    %1 = memref.load %alloc_8[%c0] : memref<3xi1>
    scf.if %1 {
      memref.dealloc %alloc : memref<f64>
    }
    %2 = memref.load %alloc_8[%c1] : memref<3xi1>
    scf.if %2 {
      memref.dealloc %alloc_0 : memref<f64>
    }
    %3 = memref.load %alloc_8[%c2] : memref<3xi1>
    scf.if %3 {
      memref.dealloc %base_buffer : memref<f64>
    }
    memref.dealloc %alloc_1 : memref<3xindex>
    memref.dealloc %alloc_3 : memref<0xindex>
    memref.dealloc %alloc_2 : memref<3xi1>
    memref.dealloc %alloc_8 : memref<3xi1>
    memref.dealloc %alloc_9 : memref<0xi1>
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























































































