// Classic plan (mlir/docs/BufferDeallocationInternals.md, "Movement and
// Placement of Allocations"): %0 can be hoisted to the entry block (BL302);
// %1 merges %arg1 and %0, so it is critical (BL201): clones in ^bb1 and ^bb2,
// %0 freed after its clone, %1 freed after its last use.
// RUN: bufferlens lint --verify %s
// RUN: bufferlens rewrite --strategy classic %s | FileCheck %s
// RUN: bufferlens rewrite --strategy classic %s | mlir-opt -o /dev/null
// From upstream: mlir/docs/BufferDeallocationInternals.md and mlir/docs/Bufferization.md (2020),
// "Movement and Placement of Allocations" (the input before BufferHoisting).
//
// The alloc in ^bb2 can be hoisted into ^bb0 (it has no data dependencies);
// %1 merges the argument %arg1 and the allocation %0.
//
// Changes from the upstream document:
// - `use(%0)` (not an upstream op) is `memref.load %0[%c0]`.
// - `test.copy(%1, %arg2)` / `"linalg.copy"(%1, %arg2)` is
//   `memref.copy %1, %arg2` (reads %1, writes %arg2).
func.func @condBranch(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg1 : memref<2xf32>)
  // expected-note@-1 {{%arg1 flows into %1 here: the plan clones it before cf.br}}
^bb2:
  %0 = memref.alloc() : memref<2xf32>  // aliases: %1
  // expected-remark@-1 {{%0 can be hoisted from ^bb2 to the entry block: it dominates all of its aliases' uses from there [BL302]}}
  %u0 = memref.load %0[%c0] : memref<2xf32>  // use(%0)
  cf.br ^bb3(%0 : memref<2xf32>)
  // expected-note@-1 {{%0 flows into %1 here: the plan clones it before cf.br}}
^bb3(%1: memref<2xf32>):  // %1 could be %0 or %arg1
  // expected-remark@-1 {{%1 is a critical alias of %arg1 and %0: it needs a clone in ^bb1 and ^bb2 [BL201]}}
  memref.copy %1, %arg2 : memref<2xf32> to memref<2xf32>
  return
}

// CHECK-LABEL: func.func @condBranch
//       CHECK: ^bb1:
//  CHECK-NEXT:   %[[C1:.*]] = bufferization.clone %arg1
//  CHECK-NEXT:   cf.br ^bb3(%[[C1]] :
//       CHECK: ^bb2:
//  CHECK-NEXT:   %[[A0:.*]] = memref.alloc()
//  CHECK-NEXT:   memref.load %[[A0]][
//  CHECK-NEXT:   %[[C0:.*]] = bufferization.clone %[[A0]]
//  CHECK-NEXT:   memref.dealloc %[[A0]]
//  CHECK-NEXT:   cf.br ^bb3(%[[C0]] :
//       CHECK: ^bb3(%[[B1:.*]]: memref<2xf32>):
//  CHECK-NEXT:   memref.copy %[[B1]], %arg2
//  CHECK-NEXT:   memref.dealloc %[[B1]]
//  CHECK-NEXT:   return
