





























func.func @f(%arg0: memref<f64>) -> memref<f64> {
  return %arg0 : memref<f64>
}

func.func @function_call_non_private() {
  %alloc = memref.alloc() : memref<f64>
  %alloc2 = memref.alloc() : memref<f64>
  %ret = call @f(%alloc) : (memref<f64>) -> memref<f64>
  memref.copy %ret, %alloc2 : memref<f64> to memref<f64>
  return
}



























// expected-warning@40 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %alloc, %alloc2, %ret at run time [BL203]}}



