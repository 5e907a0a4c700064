// Classic plan (BufferDeallocationInternals.md: "Detection of Buffer Allocations"): the alloca %0 is
// not tracked, the alloc %1 is; %2 is dominated by both, so it is not
// critical and needs no clone; %1 is freed in ^bb3 after the last use of
// its alias %2. The alloca is never freed.
// RUN: bufferlens explain %s:22:3 | FileCheck %s --check-prefix=STACK
// RUN: bufferlens lint --verify %s
// RUN: bufferlens rewrite --strategy classic %s | FileCheck %s
// RUN: bufferlens rewrite --strategy classic %s | mlir-opt -o /dev/null
// From upstream: mlir/docs/BufferDeallocationInternals.md and mlir/docs/Bufferization.md (2020),
// "Detection of Buffer Allocations".
//
// A "hybrid" setup: %0 is a stack allocation (alloca, freed automatically by
// the enclosing scope, never tracked), %1 a heap allocation (tracked). Both
// flow into the block argument %2.
//
// Changes from the upstream document:
// - `use(%x)` (not an upstream op) is a read of one element:
//   `memref.load %x[%c0]`.
// - The upstream document's `...` body of ^bb3 is a read of %2 followed by `return`.
func.func @mixedAllocation(%arg0: i1) {
  %c0 = arith.constant 0 : index
  %0 = memref.alloca() : memref<2xf32>  // aliases: %2
  %1 = memref.alloc() : memref<2xf32>  // aliases: %2
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  %u0 = memref.load %0[%c0] : memref<2xf32>  // use(%0)
  cf.br ^bb3(%0 : memref<2xf32>)
^bb2:
  %u1 = memref.load %1[%c0] : memref<2xf32>  // use(%1)
  cf.br ^bb3(%1 : memref<2xf32>)
^bb3(%2: memref<2xf32>):
  %u2 = memref.load %2[%c0] : memref<2xf32>  // stands for the upstream document's `...`
  return
}

// CHECK-LABEL: func.func @mixedAllocation
//       CHECK:   %[[ALLOCA:.*]] = memref.alloca()
//  CHECK-NEXT:   %[[ALLOC:.*]] = memref.alloc()
//   CHECK-NOT:   bufferization.clone
//       CHECK: ^bb3(%[[B2:.*]]: memref<2xf32>):
//  CHECK-NEXT:   memref.load %[[B2]][
//  CHECK-NEXT:   memref.dealloc %[[ALLOC]]
//  CHECK-NEXT:   return

// STACK:      classic deallocation:
// STACK-NEXT: - not tracked: a stack allocation is freed when its scope ends
