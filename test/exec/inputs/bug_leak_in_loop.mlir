// Every iteration allocates a buffer and none is freed: the count of live
// buffers at the end is the trip count (lb=0, ub=4, step=1 from the spec);
// with %free_last, the last one is freed after the loop.
// EXEC: @leak_in_loop arg0=0 arg1=4 arg2=1
// EXPECT: combo arg3=0: leak 4
// EXPECT: combo arg3=1: leak 3
func.func @leak_in_loop(%lb: index, %ub: index, %step: index, %free_last: i1) {
  %init = memref.alloca() : memref<2xf32>
  %last = scf.for %i = %lb to %ub step %step iter_args(%it = %init) -> (memref<2xf32>) {
    %new = memref.alloc() : memref<2xf32>
    scf.yield %new : memref<2xf32>
  }
  scf.if %free_last {
    memref.dealloc %last : memref<2xf32>
  }
  return
}
