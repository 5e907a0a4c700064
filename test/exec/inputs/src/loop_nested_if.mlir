// Executable variant of examples/loop_nested_if.mlir. In the upstream document the then
// branch never runs (%i == %ub is false inside the loop); here the condition
// is %c_even on even and %c_odd on odd iterations, so that every mix of
// "new buffer" / "previous buffer" crosses the back edge. The read of %3
// stores to %sink. Run with lb=0, ub=4, step=1.
// EXEC: @loop_nested_if arg0=0 arg1=4 arg2=1 dealloc-pipeline
// EXPECT: combo arg6=0 arg7=0: ok
// EXPECT: combo arg6=0 arg7=1: ok
// EXPECT: combo arg6=1 arg7=0: ok
// EXPECT: combo arg6=1 arg7=1: ok
func.func @loop_nested_if(
  %lb: index,
  %ub: index,
  %step: index,
  %buf: memref<2xf32>,
  %res: memref<2xf32>,
  %sink: memref<f32>,
  %c_even: i1,
  %c_odd: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = scf.for %i = %lb to %ub step %step
    iter_args(%iterBuf = %buf) -> (memref<2xf32>) {
    %bit = arith.andi %i, %c1 : index
    %odd = arith.cmpi eq, %bit, %c1 : index
    %1 = arith.select %odd, %c_odd, %c_even : i1
    %2 = scf.if %1 -> (memref<2xf32>) {
      %3 = memref.alloc() : memref<2xf32>
      %u3 = memref.load %3[%c0] : memref<2xf32>
      memref.store %u3, %sink[] : memref<f32>
      scf.yield %3 : memref<2xf32>
    } else {
      scf.yield %iterBuf : memref<2xf32>
    }
    scf.yield %2 : memref<2xf32>
  }
  memref.copy %0, %res : memref<2xf32> to memref<2xf32>
  return
}
