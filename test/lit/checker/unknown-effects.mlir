// RUN: bufferlens lint --verify --stage deallocated %s
// RUN: not bufferlens lint --stage deallocated --format json %s > %t.json
// RUN: python3 %inputs/fixes.py show %t.json | FileCheck %s --check-prefix=FIX

// An owned buffer passed to an op with unknown memory effects (no
// MemoryEffectOpInterface) may be kept or freed by it: no leak is reported,
// but the function says so with the checker's reduced-precision note, once
// per buffer.

func.func @unknown_op_may_keep_it() { // expected-remark {{deallocation checker: precision reduced in @unknown_op_may_keep_it: %0 is passed to `test.keep`, whose memory effects are unknown; no leak is reported for it}}
  %0 = memref.alloc() : memref<2xf32>
  "test.keep"(%0) : (memref<2xf32>) -> ()
  return
}

// Only on the paths where it would leak: here the path that frees it has
// no leak to hide, the other has.
func.func @on_one_path(%c: i1) { // expected-remark {{deallocation checker: precision reduced in @on_one_path: %0 is passed to `test.keep`, whose memory effects are unknown; no leak is reported for it}}
  %0 = memref.alloc() : memref<2xf32>
  "test.keep"(%0) : (memref<2xf32>) -> ()
  scf.if %c {
    memref.dealloc %0 : memref<2xf32>
  }
  return
}

// Freed on every path: nothing is hidden, no note.
func.func @freed_after_it() {
  %0 = memref.alloc() : memref<2xf32>
  "test.keep"(%0) : (memref<2xf32>) -> ()
  memref.dealloc %0 : memref<2xf32>
  return
}

// Stored first (a known effect that lets it escape): no note.
func.func @stored_first(%sink: memref<memref<2xf32>>) {
  %0 = memref.alloc() : memref<2xf32>
  memref.store %0, %sink[] : memref<memref<2xf32>>
  "test.keep"(%0) : (memref<2xf32>) -> ()
  return
}

// The note keeps BL101's fixes for the other buffers of the function.
// FIX: BL101 [[@LINE+4]]:3 Insert memref.dealloc %1
func.func @another_leak() { // expected-remark {{deallocation checker: precision reduced in @another_leak: %0 is passed to `test.keep`, whose memory effects are unknown; no leak is reported for it}}
  %0 = memref.alloc() : memref<2xf32>
  "test.keep"(%0) : (memref<2xf32>) -> ()
  %1 = memref.alloc() : memref<2xf32> // expected-error {{%1 leaks: ^bb0 -> return [BL101]}}
  return // expected-note {{the path leaves here}}
}

// At a loop back edge as at an exit.
func.func @in_a_loop(%n: index) { // expected-remark {{deallocation checker: precision reduced in @in_a_loop: %0 is passed to `test.keep`, whose memory effects are unknown; no leak is reported for it}}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.alloc() : memref<2xf32>
    "test.keep"(%0) : (memref<2xf32>) -> ()
  }
  return
}

// A function declared without a body may keep or free what it is given,
// like an op with unknown effects: no leak, the same note.
func.func private @ext(memref<2xf32>)
func.func @external_callee_may_keep_it() { // expected-remark {{deallocation checker: precision reduced in @external_callee_may_keep_it: %0 is passed to @ext, which is declared without a body; no leak is reported for it}}
  %0 = memref.alloc() : memref<2xf32>
  func.call @ext(%0) : (memref<2xf32>) -> ()
  return
}

// Freed after the call: nothing is hidden, no note.
func.func @external_callee_then_freed() {
  %0 = memref.alloc() : memref<2xf32>
  func.call @ext(%0) : (memref<2xf32>) -> ()
  memref.dealloc %0 : memref<2xf32>
  return
}
