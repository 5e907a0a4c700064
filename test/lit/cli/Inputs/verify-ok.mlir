// bufferlens: stage=deallocated
// expected-note@+1 {{argument %arg0}}
func.func @f(%arg0: memref<2xf32>) -> memref<2xf32> {
  // expected-error@+1 {{which is its argument}}
  return %arg0 : memref<2xf32>
}

func.func @g() {
  // expected-error@below {{incorrect number of dynamic sizes}}
  %0 = memref.alloc() : memref<?xf32>
  return
}
