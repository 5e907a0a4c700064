// pipeline_loop_nested_if.mlir (the deallocation pipeline's output for the
// executable variant of loop_nested_if) without the back-edge deallocation:
// each buffer replaced by a newer one on the loop's back edge leaks. With
// %c_even / %c_odd choosing a new buffer on even / odd iterations of 4, the
// leaked count is the number of allocations minus the last one.
// EXEC: @loop_nested_if arg0=0 arg1=4 arg2=1
// EXPECT: combo arg6=0 arg7=0: ok
// EXPECT: combo arg6=0 arg7=1: leak 1
// EXPECT: combo arg6=1 arg7=0: leak 1
// EXPECT: combo arg6=1 arg7=1: leak 3
module {
  func.func @loop_nested_if(%arg0: index, %arg1: index, %arg2: index, %arg3: memref<2xf32>, %arg4: memref<2xf32>, %arg5: memref<f32>, %arg6: i1, %arg7: i1) {
    %false = arith.constant false
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0:2 = scf.for %arg8 = %arg0 to %arg1 step %arg2 iter_args(%arg9 = %arg3, %arg10 = %false) -> (memref<2xf32>, i1) {
      %1 = arith.andi %arg8, %c1 : index
      %2 = arith.cmpi eq, %1, %c1 : index
      %3 = arith.select %2, %arg7, %arg6 : i1
      %4 = scf.if %3 -> (memref<2xf32>) {
        %alloc = memref.alloc() : memref<2xf32>
        %10 = memref.load %alloc[%c0] : memref<2xf32>
        memref.store %10, %arg5[] : memref<f32>
        scf.yield %alloc : memref<2xf32>
      } else {
        scf.yield %arg9 : memref<2xf32>
      }
      %base_buffer_0, %offset_1, %sizes_2, %strides_3 = memref.extract_strided_metadata %arg9 : memref<2xf32> -> memref<f32>, index, index, index
      %intptr = memref.extract_aligned_pointer_as_index %base_buffer_0 : memref<f32> -> index
      %intptr_4 = memref.extract_aligned_pointer_as_index %4 : memref<2xf32> -> index
      %5 = arith.cmpi ne, %intptr, %intptr_4 : index
      %6 = arith.andi %5, %arg10 : i1
      // removed here: the back-edge free of the previous iteration's buffer
      //   scf.if %6 { memref.dealloc %base_buffer_0 : memref<f32> }
      %7 = arith.cmpi eq, %intptr, %intptr_4 : index
      %8 = arith.andi %7, %arg10 : i1
      %9 = arith.ori %8, %3 : i1
      scf.yield %4, %9 : memref<2xf32>, i1
    }
    memref.copy %0#0, %arg4 : memref<2xf32> to memref<2xf32>
    %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %0#0 : memref<2xf32> -> memref<f32>, index, index, index
    scf.if %0#1 {
      memref.dealloc %base_buffer : memref<f32>
    }
    return
  }
}

