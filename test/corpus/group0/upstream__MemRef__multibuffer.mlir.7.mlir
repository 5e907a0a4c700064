






























































































































































// Test that multi-buffering correctly propagates through chained view-like ops.

func.func private @some_use(memref<?x2x64x2xf32>)

func.func @multi_buffer_chained_view_ops(%a: memref<1024x1024xf32>) {
  %0 = memref.alloc() : memref<4x128xf32>
  %c1024 = arith.constant 1024 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %arg2 = %c1 to %c1024 step %c3 {
    %1 = memref.subview %a[%arg2, 0] [4, 128] [1, 1] :
        memref<1024x1024xf32> to memref<4x128xf32, affine_map<(d0, d1)[s0] -> (d0 * 1024 + s0 + d1)>>
    memref.copy %1, %0 : memref<4x128xf32, affine_map<(d0, d1)[s0] -> (d0 * 1024 + s0 + d1)>> to memref<4x128xf32>
    %expanded = memref.expand_shape %0 [[0, 1], [2, 3]] output_shape [2, 2, 64, 2]
        : memref<4x128xf32> into memref<2x2x64x2xf32>
    %casted = memref.cast %expanded : memref<2x2x64x2xf32> to memref<?x2x64x2xf32>
    func.call @some_use(%casted) : (memref<?x2x64x2xf32>) -> ()
  }
  return
}
