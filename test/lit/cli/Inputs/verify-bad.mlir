// bufferlens: stage=deallocated
// An expectation nothing meets, and a finding nobody expects.

// expected-error@+3 {{double free}}


func.func @f(%arg0: memref<2xf32>) -> memref<2xf32> {
  %c = arith.constant 0 : index
  return %arg0 : memref<2xf32>
}
