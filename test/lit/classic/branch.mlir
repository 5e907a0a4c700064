// From upstream: mlir/docs/BufferDeallocationInternals.md, "Introduction of Clones" (@branch):
// %2 is a critical alias of %1 (allocated in the divergent ^bb1) and %0; the
// classic algorithm clones in both predecessors, frees %1 in ^bb1, and frees
// %2 and then %0 at the end of ^bb3 (the upstream document's expected output, up to SSA
// names). `use(%0)` and the `…` of ^bb3 are loads.
// RUN: bufferlens lint --verify %s
// RUN: bufferlens rewrite --strategy classic %s | FileCheck %s
// RUN: bufferlens rewrite --strategy classic %s | mlir-opt -o /dev/null
// RUN: bufferlens explain %s:24:6 | FileCheck %s --check-prefix=CRITICAL
// RUN: bufferlens explain %s:13:3 | FileCheck %s --check-prefix=HEAP
func.func @branch(%arg0: i1) {
  %c0 = arith.constant 0 : index
  %0 = memref.alloc() : memref<2xf32>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  %1 = memref.alloc() : memref<2xf32>
  // expected-remark@-1 {{%1 can be hoisted from ^bb1 to the entry block: it dominates all of its aliases' uses from there [BL302]}}
  cf.br ^bb3(%1 : memref<2xf32>)
  // expected-note@-1 {{%1 flows into %2 here: the plan clones it before cf.br}}
^bb2:
  %u0 = memref.load %0[%c0] : memref<2xf32>
  cf.br ^bb3(%0 : memref<2xf32>)
  // expected-note@-1 {{%0 flows into %2 here: the plan clones it before cf.br}}
^bb3(%2: memref<2xf32>):
  // expected-remark@-1 {{%2 is a critical alias of %1 and %0: it needs a clone in ^bb1 and ^bb2 [BL201]}}
  %u2 = memref.load %2[%c0] : memref<2xf32>
  return
}

// CHECK-LABEL: func.func @branch
//       CHECK:   %[[ALLOC0:.*]] = memref.alloc() : memref<2xf32>
//  CHECK-NEXT:   cf.cond_br
//       CHECK: ^bb1:
//  CHECK-NEXT:   %[[ALLOC1:.*]] = memref.alloc() : memref<2xf32>
//  CHECK-NEXT:   %[[CLONE1:.*]] = bufferization.clone %[[ALLOC1]]
//  CHECK-NEXT:   memref.dealloc %[[ALLOC1]] : memref<2xf32>
//  CHECK-NEXT:   cf.br ^bb3(%[[CLONE1]] : memref<2xf32>)
//       CHECK: ^bb2:
//  CHECK-NEXT:   memref.load %[[ALLOC0]][
//  CHECK-NEXT:   %[[CLONE0:.*]] = bufferization.clone %[[ALLOC0]]
//  CHECK-NEXT:   cf.br ^bb3(%[[CLONE0]] : memref<2xf32>)
//       CHECK: ^bb3(%[[ARG2:.*]]: memref<2xf32>):
//  CHECK-NEXT:   memref.load %[[ARG2]][
//  CHECK-NEXT:   memref.dealloc %[[ARG2]] : memref<2xf32>
//  CHECK-NEXT:   memref.dealloc %[[ALLOC0]] : memref<2xf32>
//  CHECK-NEXT:   return

// CRITICAL:      **%2** : `memref<2xf32>` in `@branch`
// CRITICAL:      classic deallocation:
// CRITICAL-NEXT: - critical alias: not properly dominated by `%1`, so it gets a buffer of its own
// CRITICAL-NEXT: - clone: a clone of `%1` before `cf.br` in ^bb1
// CRITICAL-NEXT: - clone: a clone of `%0` before `cf.br` in ^bb2
// CRITICAL-NEXT: - freed: `memref.dealloc` after `memref.load` in ^bb3

// HEAP:      classic deallocation:
// HEAP-NEXT: - tracked heap allocation
// HEAP-NEXT: - freed: `memref.dealloc` after `memref.load` in ^bb3
// HEAP-NEXT: - stack: stays on the heap: it leaves its block through `cf.br`

// A cursor just after a name (13:5, after `%0`) still means it, as in the
// editor (analysis/model/NameIndex.h).
// RUN: bufferlens explain %s:13:5 | FileCheck %s --check-prefix=HEAP
