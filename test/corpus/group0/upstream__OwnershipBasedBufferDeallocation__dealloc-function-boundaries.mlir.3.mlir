



























































// Test Case: buffer deallocation escaping
// BufferDeallocation expected behavior: It must not dealloc %arg1 and %x
// since they are operands of return operation and should escape from
// deallocating. It should dealloc %y after CopyOp.

// Note: when dynamic ownership is disabled, we need to allow cloning in this 
// example because a function argument is returned again which is against the
// function boundary ABI. Buffer deallocation will fix this by inserting an
// additional clone operation, but as a prerequisite all buffer writes have to
// dominate all buffer reads.

func.func private @memref_in_function_results(
  %arg0: memref<5xf32>,
  %arg1: memref<10xf32>,
  %arg2: memref<5xf32>) -> (memref<10xf32>, memref<15xf32>) {
  %x = memref.alloc() : memref<15xf32>
  %y = memref.alloc() : memref<5xf32>
  memref.copy %arg0, %y : memref<5xf32> to memref<5xf32>
  memref.copy %y, %arg2 : memref<5xf32> to memref<5xf32>
  return %arg1, %x : memref<10xf32>, memref<15xf32>
}
