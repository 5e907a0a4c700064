

























func.func @conversion_dealloc_simple(%arg0: memref<2xf32>, %arg1: i1) {
  bufferization.dealloc (%arg0 : memref<2xf32>) if (%arg1)
  return
}


















// expected-error@28 {{free of %arg0 (a function argument: the caller owns it) when %arg1 is true: ^bb0 [BL104]}}
// expected-note@27 {{%arg0 is an argument of the function}}








