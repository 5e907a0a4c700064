// Under private-function-dynamic-ownership a private function returns an
// ownership flag with each buffer; returning its argument with the flag
// false is that ABI (upstream's pipeline output for
// mlir/test/Dialect/Bufferization/Transforms/OwnershipBasedBufferDeallocation/
// dealloc-callop-interface.mlir, @f). Returning it with the flag true is not.
func.func private @f(%arg0: memref<f64>) -> (memref<f64>, i1) {
  %false = arith.constant false
  return %arg0, %false : memref<f64>, i1
}

func.func private @g(%arg0: memref<f64>) -> (memref<f64>, i1) {
  %true = arith.constant true
  return %arg0, %true : memref<f64>, i1
  // expected-error@-1 {{@g returns %arg0, which is its argument: the caller would own a buffer it already owns (function-boundary ABI); return a copy [BL105]}}
  // expected-note@-4 {{argument %arg0}}
}
