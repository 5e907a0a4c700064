// RUN: bufferlens lint --verify --stage deallocated --disable BL105 %s
// RUN: not bufferlens lint --stage deallocated --disable BL105 %s | FileCheck %s --check-prefix=RANGE

// Calls into functions of the module are checked against what the callee
// does (Summaries.h), not only the function-boundary ABI: a callee that
// frees its argument or returns it changes what its caller owns. The
// callee keeps its own finding; the caller's names the callee. Execution
// of each caller: callees-exec.test.

func.func private @consume(%m: memref<4xf32>) { // expected-note {{%m is an argument of the function}}
  memref.dealloc %m : memref<4xf32> // expected-error {{free of %m (a function argument: the caller owns it): ^bb0 [BL104]}}
  return
}

// Freed by the callee: no leak.
func.func @consumed() {
  %0 = memref.alloc() : memref<4xf32>
  call @consume(%0) : (memref<4xf32>) -> ()
  return
}

// RANGE: callees.mlir:[[@LINE+6]]:3: error: double free of %0 (freed by the call to @consume): ^bb0 [BL102]
// RANGE-NEXT: {{^}}  memref.dealloc %0 : memref<4xf32>
// RANGE-NEXT: {{^}}  ^~~~~~~~~~~~~~{{$}}
func.func @freed_again() {
  %0 = memref.alloc() : memref<4xf32> // expected-note {{%0 is allocated here}}
  call @consume(%0) : (memref<4xf32>) -> () // expected-note {{first freed here}}
  memref.dealloc %0 : memref<4xf32> // expected-error {{double free of %0 (freed by the call to @consume): ^bb0 [BL102]}}
  return
}

func.func @used_after(%i: index) -> f32 {
  %0 = memref.alloc() : memref<4xf32> // expected-note {{%0 is allocated here}}
  call @consume(%0) : (memref<4xf32>) -> () // expected-note {{freed here}}
  %v = memref.load %0[%i] : memref<4xf32> // expected-error {{use of %0 after it was freed by the call to @consume: ^bb0 [BL103]}}
  return %v : f32
}

// The caller does not own its argument: giving it to @consume frees it.
func.func @gives_away_argument(%a: memref<4xf32>) { // expected-note {{%a is an argument of the function}}
  call @consume(%a) : (memref<4xf32>) -> () // expected-error {{free of %a (a function argument: the caller owns it) by the call to @consume: ^bb0 [BL104]}}
  return
}

// Freed twice: the second call is the double free.
func.func @consumed_twice() {
  %0 = memref.alloc() : memref<4xf32> // expected-note {{%0 is allocated here}}
  call @consume(%0) : (memref<4xf32>) -> () // expected-note {{first freed here}}
  call @consume(%0) : (memref<4xf32>) -> () // expected-error {{double free of %0 by the call to @consume (freed by the call to @consume): ^bb0 [BL102]}}
  return
}

// Frees its argument when %c holds: the caller's condition is the callee's.
func.func private @maybe_consume(%m: memref<4xf32>, %c: i1) { // expected-note {{%m is an argument of the function}}
  scf.if %c {
    memref.dealloc %m : memref<4xf32> // expected-error {{free of %m (a function argument: the caller owns it) when %c is true: ^bb0 [BL104]}}
  }
  return
}

func.func @maybe_consumed_else_freed(%c: i1) {
  %0 = memref.alloc() : memref<4xf32>
  call @maybe_consume(%0, %c) : (memref<4xf32>, i1) -> ()
  scf.if %c {
  } else {
    memref.dealloc %0 : memref<4xf32>
  }
  return
}

func.func @maybe_consumed_then_freed(%c: i1) {
  %0 = memref.alloc() : memref<4xf32> // expected-note {{%0 is allocated here}}
  call @maybe_consume(%0, %c) : (memref<4xf32>, i1) -> () // expected-note {{first freed here}}
  memref.dealloc %0 : memref<4xf32> // expected-error {{double free of %0 (freed by the call to @maybe_consume) when %c is true: ^bb0 [BL102]}}
  return
}

func.func @maybe_consumed_only(%c: i1) {
  %0 = memref.alloc() : memref<4xf32> // expected-error {{%0 leaks when %c is false: ^bb0 -> return [BL101]}}
  call @maybe_consume(%0, %c) : (memref<4xf32>, i1) -> ()
  return // expected-note {{the path leaves here}}
}

// Returns its argument: the result is the caller's buffer, not a new one.
func.func private @identity(%m: memref<4xf32>) -> memref<4xf32> {
  return %m : memref<4xf32>
}

func.func @identity_freed_once() {
  %0 = memref.alloc() : memref<4xf32>
  %1 = call @identity(%0) : (memref<4xf32>) -> memref<4xf32>
  memref.dealloc %1 : memref<4xf32>
  return
}

func.func @identity_freed_twice() {
  %0 = memref.alloc() : memref<4xf32> // expected-note {{%0 is allocated here}}
  %1 = call @identity(%0) : (memref<4xf32>) -> memref<4xf32>
  memref.dealloc %0 : memref<4xf32> // expected-note {{first freed here}}
  memref.dealloc %1 : memref<4xf32> // expected-error {{double free of %1 (an alias of %0): ^bb0 [BL102]}}
  return
}

// Through another callee, bottom-up: @forward frees what @consume frees.
func.func private @forward(%m: memref<4xf32>) { // expected-note {{%m is an argument of the function}}
  call @consume(%m) : (memref<4xf32>) -> () // expected-error {{free of %m (a function argument: the caller owns it) by the call to @consume: ^bb0 [BL104]}}
  return
}

func.func @forwarded() {
  %0 = memref.alloc() : memref<4xf32>
  call @forward(%0) : (memref<4xf32>) -> ()
  return
}

// A fresh result is owned as before.
func.func private @make() -> memref<4xf32> {
  %0 = memref.alloc() : memref<4xf32>
  return %0 : memref<4xf32>
}

func.func @made_and_leaked() {
  %0 = call @make() : () -> memref<4xf32> // expected-error {{%0 leaks: ^bb0 -> return [BL101]}}
  return // expected-note {{the path leaves here}}
}

// Recursion: the call inside the cycle is taken by the ABI (no ownership
// taken), so the caller still frees its buffer.
func.func private @recurse(%m: memref<4xf32>, %c: i1) {
  scf.if %c {
    %false = arith.constant false
    func.call @recurse(%m, %false) : (memref<4xf32>, i1) -> ()
  }
  return
}

func.func @recursive_callee(%c: i1) {
  %0 = memref.alloc() : memref<4xf32>
  call @recurse(%0, %c) : (memref<4xf32>, i1) -> ()
  memref.dealloc %0 : memref<4xf32>
  return
}
