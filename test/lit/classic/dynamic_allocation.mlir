// BufferDeallocationInternals.md "Clone Canonicalization" (source buffer): the clone %2 of %1 and the
// dealloc of %1 are in one block: canonicalization folds them (BL304). The
// function already frees memory, so the classic plan leaves it unchanged.
// Upstream agrees: `mlir-opt --canonicalize` removes the clone and the
// dealloc.
// RUN: mlir-opt --canonicalize %s | FileCheck %s --check-prefix=UPSTREAM
// RUN: bufferlens lint --verify %s
// RUN: bufferlens rewrite --strategy classic %s | FileCheck %s
// RUN: bufferlens rewrite --strategy classic %s | mlir-opt -o /dev/null
// From upstream: mlir/docs/BufferDeallocationInternals.md, "Canonicalization of the Source
// Buffer of the Clone Operation" (mlir/docs/Bufferization.md (2020),
// "Reusing the Source Buffer of the Copy Operation", has the same scenario
// with alloc + dim + linalg.copy in place of the clone).
//
// Input produced by the classic BufferDeallocation pass: the clone %2 of %1
// and the dealloc of %1 are redundant (clone canonicalization folds them and
// returns %1 directly). It already frees memory, so it is "after
// deallocation" IR: the upstream deallocation pipeline rejects it.
//
// Taken as in BufferDeallocationInternals.md; only `func` is `func.func`.
func.func @dynamic_allocation(%arg0: index, %arg1: index) -> memref<?x?xf32> {
  %1 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
  %2 = bufferization.clone %1 : memref<?x?xf32> to memref<?x?xf32>
  // expected-warning@-1 {{%2 is a redundant clone of %1: %1 is freed in the same block, so canonicalization uses %1 in place of %2 and drops the clone and that dealloc [BL304]}}
  memref.dealloc %1 : memref<?x?xf32>
  // expected-note@-1 {{this free of %1 goes away with the clone}}
  return %2 : memref<?x?xf32>
}

// CHECK-LABEL: func.func @dynamic_allocation
//       CHECK:   bufferization.clone
//       CHECK:   memref.dealloc

// UPSTREAM-LABEL: func.func @dynamic_allocation
//   UPSTREAM-NOT:   bufferization.clone
//   UPSTREAM-NOT:   memref.dealloc
//       UPSTREAM:   return
