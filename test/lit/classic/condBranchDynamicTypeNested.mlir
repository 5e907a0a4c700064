// Classic plan (BufferDeallocationInternals.md: "Introduction of Clones"): %2 and %4 are non-critical
// aliases (of %1 and %3), %3 is critical: clones in ^bb1 and ^bb5, %1 freed
// in ^bb5 after the clone, %3 freed after the last use of its alias %4.
// The upstream document's output clones %1 in ^bb5; the branch there passes %2, the same
// buffer (%2 is a non-critical alias of %1), and the algorithm clones the
// operand it rewires, %2.
// RUN: bufferlens explain %s:48:6 | FileCheck %s --check-prefix=NONCRIT
// RUN: bufferlens lint --verify %s
// RUN: bufferlens rewrite --strategy classic %s | FileCheck %s
// RUN: bufferlens rewrite --strategy classic %s | mlir-opt -o /dev/null
// From upstream: mlir/docs/BufferDeallocationInternals.md, "Introduction of Clones", and
// mlir/docs/Bufferization.md (2020), "Introduction of Copies".
//
// Critical and non-critical aliases: %2 is dominated by %1 (non-critical),
// %3 merges %arg1 and %2 (critical), %4 is dominated by %3 (non-critical).
//
// Changes from the upstream document:
// - `use(%1)` (not an upstream op) is `memref.load %1[%c0]` (needs %0 >= 1
//   at run time).
// - `test.copy(%4, %arg2)` / `"linalg.copy"(%4, %arg2)` is
//   `memref.copy %4, %arg2`.
func.func @condBranchDynamicTypeNested(
  %arg0: i1,
  %arg1: memref<?xf32>,  // aliases: %3, %4
  %arg2: memref<?xf32>,
  %arg3: index) {
  %c0 = arith.constant 0 : index
  cf.cond_br %arg0, ^bb1, ^bb2(%arg3 : index)
^bb1:
  cf.br ^bb6(%arg1 : memref<?xf32>)
  // expected-note@-1 {{%arg1 flows into %3 here: the plan clones it before cf.br}}
^bb2(%0: index):
  %1 = memref.alloc(%0) : memref<?xf32>  // cannot be moved upwards due to the data
                                          // dependency to %0
                                          // aliases: %2, %3, %4
  %u1 = memref.load %1[%c0] : memref<?xf32>  // use(%1)
  cf.cond_br %arg0, ^bb3, ^bb4
^bb3:
  cf.br ^bb5(%1 : memref<?xf32>)
^bb4:
  cf.br ^bb5(%1 : memref<?xf32>)
^bb5(%2: memref<?xf32>):  // non-crit. alias of %1, since %1 dominates %2
  cf.br ^bb6(%2 : memref<?xf32>)
  // expected-note@-1 {{%2 flows into %3 here: the plan clones it before cf.br}}
^bb6(%3: memref<?xf32>):  // crit. alias of %arg1 and %2 (in other words %1)
  // expected-remark@-1 {{%3 is a critical alias of %arg1 and %2: it needs a clone in ^bb1 and ^bb5 [BL201]}}
  cf.br ^bb7(%3 : memref<?xf32>)
^bb7(%4: memref<?xf32>):  // non-crit. alias of %3, since %3 dominates %4
  memref.copy %4, %arg2 : memref<?xf32> to memref<?xf32>
  return
}

// CHECK-LABEL: func.func @condBranchDynamicTypeNested
//       CHECK: ^bb1:
//  CHECK-NEXT:   %[[C1:.*]] = bufferization.clone %arg1
//  CHECK-NEXT:   cf.br ^bb6(%[[C1]] :
//       CHECK: ^bb2(%{{.*}}: index):
//  CHECK-NEXT:   %[[A1:.*]] = memref.alloc(
//       CHECK: ^bb5(%[[B2:.*]]: memref<?xf32>):
//  CHECK-NEXT:   %[[C2:.*]] = bufferization.clone %[[B2]]
//  CHECK-NEXT:   memref.dealloc %[[A1]]
//  CHECK-NEXT:   cf.br ^bb6(%[[C2]] :
//       CHECK: ^bb6(%[[B3:.*]]: memref<?xf32>):
//  CHECK-NEXT:   cf.br ^bb7(%[[B3]] :
//       CHECK: ^bb7(%[[B4:.*]]: memref<?xf32>):
//  CHECK-NEXT:   memref.copy %[[B4]], %arg2
//  CHECK-NEXT:   memref.dealloc %[[B3]]
//  CHECK-NEXT:   return

// NONCRIT:      classic deallocation:
// NONCRIT-NEXT: - non-critical alias of `%3` (dominated by it): freed together with it, never on its own
