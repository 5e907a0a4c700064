
































func.func @conversion_dealloc_one_memref_and_multiple_retained(%arg0: memref<2xf32>, %arg1: memref<1xf32>, %arg2: i1, %arg3: memref<2xf32>) -> (i1, i1) {
  %0:2 = bufferization.dealloc (%arg0 : memref<2xf32>) if (%arg2) retain (%arg1, %arg3 : memref<1xf32>, memref<2xf32>)
  return %0#0, %0#1 : i1, i1
}















// expected-error@35 {{free of %arg0 (a function argument: the caller owns it) when %arg0 and %arg3 being the same buffer is false and %arg0 and %arg1 being the same buffer is false and %arg2 is true: ^bb0 [BL104]}}
// expected-note@34 {{%arg0 is an argument of the function}}




