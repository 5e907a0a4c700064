// RUN: bufferlens lint --verify --stage deallocated %s
// RUN: not bufferlens lint --stage deallocated %s | FileCheck %s --check-prefix=RANGE

// BL101: an owned buffer that reaches an exit or a loop back edge unfreed.
// The finding is at the allocation's value; the exit is a related note.

// RANGE: leak.mlir:[[@LINE+5]]:3: error: %0 leaks when %cond is false: ^bb0 -> ^bb2 -> return [BL101]
// RANGE-NEXT: {{^}}  %0 = memref.alloc() : memref<2xf32>
// RANGE-NEXT: {{^}}  ^~{{$}}
func.func @leak_on_one_branch(%cond: i1) {
  // expected-error@+1 {{%0 leaks when %cond is false: ^bb0 -> ^bb2 -> return [BL101]}}
  %0 = memref.alloc() : memref<2xf32>
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  memref.dealloc %0 : memref<2xf32>
  return
^bb2:
  // expected-note@+1 {{the path leaves here}}
  return
}

// Freed on both paths: clean.
func.func @freed_on_every_path(%cond: i1) {
  %0 = memref.alloc() : memref<2xf32>
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  memref.dealloc %0 : memref<2xf32>
  return
^bb2:
  memref.dealloc %0 : memref<2xf32>
  return
}

// Returned, passed to an external callee, stored: escapes, no leak (the
// callee may free or keep %1: that is noted).
func.func private @keep(memref<2xf32>)
func.func @escapes(%slot: memref<memref<2xf32>>) -> memref<2xf32> { // expected-remark {{deallocation checker: precision reduced in @escapes: %1 is passed to @keep, which is declared without a body; no leak is reported for it}}
  %0 = memref.alloc() : memref<2xf32>
  %1 = memref.alloc() : memref<2xf32>
  %2 = memref.alloc() : memref<2xf32>
  func.call @keep(%1) : (memref<2xf32>) -> ()
  memref.store %2, %slot[] : memref<memref<2xf32>>
  return %0 : memref<2xf32>
}

// A clone and a call result are owned too.
func.func private @make() -> memref<2xf32>
func.func @clone_and_call_result(%arg: memref<2xf32>) {
  // expected-error@+1 {{%0 leaks: ^bb0 -> return [BL101]}}
  %0 = bufferization.clone %arg : memref<2xf32> to memref<2xf32>
  // expected-error@+1 {{%1 leaks: ^bb0 -> return [BL101]}}
  %1 = func.call @make() : () -> memref<2xf32>
  // expected-note@+2 {{the path leaves here}}
  // expected-note@+1 {{the path leaves here}}
  return
}

// scf.if: freed only in the then branch.
func.func @leak_in_scf_if(%cond: i1) {
  // expected-error@+1 {{%0 leaks when %cond is false: ^bb0 -> return [BL101]}}
  %0 = memref.alloc() : memref<2xf32>
  scf.if %cond {
    memref.dealloc %0 : memref<2xf32>
  }
  // expected-note@+1 {{the path leaves here}}
  return
}

// A buffer allocated in a loop body and never freed leaks at the back edge,
// when the loop runs: its trip count is unknown (the step is no constant),
// but it runs at all exactly when %lb < %ub.
func.func @leak_per_iteration(%lb: index, %ub: index, %step: index) {
  scf.for %i = %lb to %ub step %step {
    // expected-error@+1 {{%0 leaks when %ub > %lb: ^bb0 -> next iteration of scf.for [BL101]}}
    %0 = memref.alloc() : memref<2xf32>
    // expected-note@+1 {{the loop continues here}}
    scf.yield
  }
  return
}

// Carried to the next iteration and freed there: clean.
func.func @loop_carried(%lb: index, %ub: index, %step: index) {
  %init = memref.alloc() : memref<2xf32>
  %last = scf.for %i = %lb to %ub step %step iter_args(%it = %init) -> (memref<2xf32>) {
    %new = memref.alloc() : memref<2xf32>
    memref.dealloc %it : memref<2xf32>
    scf.yield %new : memref<2xf32>
  }
  memref.dealloc %last : memref<2xf32>
  return
}

// A cf loop whose body allocates and never frees.
func.func @leak_in_cf_loop(%cond: i1) {
  cf.br ^bb1
^bb1:
  // expected-error@+1 {{%0 leaks: ^bb0 -> ^bb1 -> back edge to ^bb1 [BL101]}}
  %0 = memref.alloc() : memref<2xf32>
  // expected-note@+1 {{the loop continues here}}
  cf.cond_br %cond, ^bb1, ^bb2
^bb2:
  return
}
