// From upstream: mlir/docs/BufferDeallocationInternals.md and mlir/docs/Bufferization.md (2020),
// "Placement of Deallocs".
//
// The then branch of the nested `scf.if` returns a new buffer %3 allocated in
// a divergent branch, so %2 is a critical alias; yielding %2 back to
// %iterBuf over the loop's back edge makes %iterBuf critical too.
//
// Changes from the upstream document:
// - `cmpi "eq"` is `arith.cmpi eq`.
// - `use(%3)` (not an upstream op) is `memref.load %3[%c0]`.
// - `test.copy(%0, %res)` / `"linalg.copy"(%0, %res)` is
//   `memref.copy %0, %res`.
func.func @loop_nested_if(
  %lb: index,
  %ub: index,
  %step: index,
  %buf: memref<2xf32>,
  %res: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %0 = scf.for %i = %lb to %ub step %step
    iter_args(%iterBuf = %buf) -> (memref<2xf32>) {
    %1 = arith.cmpi eq, %i, %ub : index
    %2 = scf.if %1 -> (memref<2xf32>) {
      %3 = memref.alloc() : memref<2xf32>  // makes %2 a critical alias due to a
                                           // divergent allocation
      %u3 = memref.load %3[%c0] : memref<2xf32>  // use(%3)
      scf.yield %3 : memref<2xf32>
    } else {
      scf.yield %iterBuf : memref<2xf32>
    }
    scf.yield %2 : memref<2xf32>
  }
  memref.copy %0, %res : memref<2xf32> to memref<2xf32>
  return
}
