// Classic plan: %1 depends on the block argument %0 (its size), so it
// cannot be hoisted (no BL302, as the upstream document says); %2 is critical (BL201).
// Bufferization.md's (2020) "Introduction of Copies" output for this function,
// with clones in place of alloc + dim + copy.
// RUN: bufferlens lint --verify %s
// RUN: bufferlens rewrite --strategy classic %s | FileCheck %s
// RUN: bufferlens rewrite --strategy classic %s | mlir-opt -o /dev/null
// From upstream: mlir/docs/BufferDeallocationInternals.md, "Movement and Placement of
// Allocations", and mlir/docs/Bufferization.md (2020), "Movement and
// Placement of Allocations" / "Introduction of Copies".
//
// The alloc in ^bb2 depends on the block argument %0 (its dynamic size), so
// it cannot be hoisted out of ^bb2. %2 merges %arg1 and %1.
//
// Changes from the upstream document:
// - `use(%1)` (not an upstream op) is `memref.load %1[%c0]` (needs %0 >= 1
//   at run time).
// - `test.copy(%2, %arg2)` / `"linalg.copy"(%2, %arg2)` is
//   `memref.copy %2, %arg2`.
func.func @condBranchDynamicType(
  %arg0: i1,
  %arg1: memref<?xf32>,
  %arg2: memref<?xf32>,
  %arg3: index) {
  %c0 = arith.constant 0 : index
  cf.cond_br %arg0, ^bb1, ^bb2(%arg3 : index)
^bb1:
  cf.br ^bb3(%arg1 : memref<?xf32>)
  // expected-note@-1 {{%arg1 flows into %2 here: the plan clones it before cf.br}}
^bb2(%0: index):
  %1 = memref.alloc(%0) : memref<?xf32>  // aliases: %2
                                          // cannot be moved upwards due to the
                                          // data dependency to %0
  %u1 = memref.load %1[%c0] : memref<?xf32>  // use(%1)
  cf.br ^bb3(%1 : memref<?xf32>)
  // expected-note@-1 {{%1 flows into %2 here: the plan clones it before cf.br}}
^bb3(%2: memref<?xf32>):
  // expected-remark@-1 {{%2 is a critical alias of %arg1 and %1: it needs a clone in ^bb1 and ^bb2 [BL201]}}
  memref.copy %2, %arg2 : memref<?xf32> to memref<?xf32>
  return
}

// CHECK-LABEL: func.func @condBranchDynamicType
//       CHECK: ^bb1:
//  CHECK-NEXT:   %[[C1:.*]] = bufferization.clone %arg1
//  CHECK-NEXT:   cf.br ^bb3(%[[C1]] :
//       CHECK: ^bb2(%[[SIZE:.*]]: index):
//  CHECK-NEXT:   %[[A1:.*]] = memref.alloc(%[[SIZE]])
//  CHECK-NEXT:   memref.load %[[A1]][
//  CHECK-NEXT:   %[[C0:.*]] = bufferization.clone %[[A1]]
//  CHECK-NEXT:   memref.dealloc %[[A1]]
//  CHECK-NEXT:   cf.br ^bb3(%[[C0]] :
//       CHECK: ^bb3(%[[B2:.*]]: memref<?xf32>):
//  CHECK-NEXT:   memref.copy %[[B2]], %arg2
//  CHECK-NEXT:   memref.dealloc %[[B2]]
//  CHECK-NEXT:   return
