// Classic plan (BufferDeallocationInternals.md: "Placement of Deallocs"): %2 is critical (the
// divergent %3 flows in), %iterBuf and %0 are critical through the loop:
// one clone of %2 serves both the back edge and the loop result, %buf is
// cloned before the loop, and the previous iteration's %iterBuf is freed in
// the body (BL202). The upstream document frees %iterBuf just before the yield; the
// algorithm frees it after its last use, the scf.if (once per iteration
// either way).
// RUN: bufferlens lint --verify %s
// RUN: bufferlens rewrite --strategy classic %s | FileCheck %s
// RUN: bufferlens rewrite --strategy classic %s | mlir-opt -o /dev/null
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
  // expected-remark@-1 {{%0 is a critical alias of %2: it needs a clone in the body of scf.for [BL201]}}
    iter_args(%iterBuf = %buf) -> (memref<2xf32>) {
    // expected-remark@-1 {{%iterBuf is a critical alias of %buf and %2: it needs a clone before scf.for and in the body of scf.for [BL201]}}
    // expected-note@-2 {{%buf flows into %iterBuf here: the plan clones it before scf.for}}
    // expected-remark@-3 {{%iterBuf is loop-carried: the plan clones %2 before scf.yield on the back edge and frees the previous iteration's buffer after scf.if [BL202]}}
    %1 = arith.cmpi eq, %i, %ub : index
    %2 = scf.if %1 -> (memref<2xf32>) {
    // expected-note@-1 {{the previous iteration's %iterBuf is freed after scf.if}}
    // expected-remark@-2 {{%2 is a critical alias of %3 and %iterBuf: it needs a clone in the then region of scf.if and the else region of scf.if [BL201]}}
      %3 = memref.alloc() : memref<2xf32>  // makes %2 a critical alias due to a
      // expected-remark@-1 {{%3 can be hoisted out of scf.if into the body of scf.for: it dominates all of its aliases' uses from there [BL302]}}
                                           // divergent allocation
      %u3 = memref.load %3[%c0] : memref<2xf32>  // use(%3)
      scf.yield %3 : memref<2xf32>
      // expected-note@-1 {{%3 flows into %2 here: the plan clones it before scf.yield}}
    } else {
      scf.yield %iterBuf : memref<2xf32>
      // expected-note@-1 {{%iterBuf flows into %2 here: the plan clones it before scf.yield}}
    }
    scf.yield %2 : memref<2xf32>
    // expected-note@-1 {{%2 flows into %0 here: the plan clones it before scf.yield}}
    // expected-note@-2 {{%2 flows into %iterBuf here: the plan clones it before scf.yield}}
    // expected-note@-3 {{back edge: the plan clones %2 here for the next iteration}}
  }
  memref.copy %0, %res : memref<2xf32> to memref<2xf32>
  return
}

// CHECK-LABEL: func.func @loop_nested_if
//       CHECK:   %[[INIT:.*]] = bufferization.clone %arg3
//  CHECK-NEXT:   %[[R0:.*]] = scf.for {{.*}} iter_args(%[[ITER:.*]] = %[[INIT]])
//  CHECK-NEXT:     arith.cmpi
//  CHECK-NEXT:     %[[R2:.*]] = scf.if
//  CHECK-NEXT:       %[[A3:.*]] = memref.alloc()
//  CHECK-NEXT:       memref.load %[[A3]][
//  CHECK-NEXT:       %[[C3:.*]] = bufferization.clone %[[A3]]
//  CHECK-NEXT:       memref.dealloc %[[A3]]
//  CHECK-NEXT:       scf.yield %[[C3]]
//  CHECK-NEXT:     } else {
//  CHECK-NEXT:       %[[CI:.*]] = bufferization.clone %[[ITER]]
//  CHECK-NEXT:       scf.yield %[[CI]]
//  CHECK-NEXT:     }
//  CHECK-NEXT:     memref.dealloc %[[ITER]]
//  CHECK-NEXT:     %[[C2:.*]] = bufferization.clone %[[R2]]
//  CHECK-NEXT:     memref.dealloc %[[R2]]
//  CHECK-NEXT:     scf.yield %[[C2]]
//  CHECK-NEXT:   }
//  CHECK-NEXT:   memref.copy %[[R0]], %arg4
//  CHECK-NEXT:   memref.dealloc %[[R0]]
//  CHECK-NEXT:   return
