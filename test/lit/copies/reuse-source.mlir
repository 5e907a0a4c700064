// BL305, reusing the source: the copy's target is a new buffer and its
// source is freed after the copy with no other use after it; the source can
// serve as the target. The first function is the scenario of "Reusing the
// Source Buffer of the Copy Operation" (mlir/docs/Bufferization.md, 2020:
// alloc, dim, linalg.copy; here memref.copy). The fix gives what the old
// CopyRemoval pass gave, which mlir-opt verifies and BufferLens no longer
// flags.
// RUN: bufferlens lint --verify %s
// RUN: bufferlens lint --format json %s > %t.json
// RUN: python3 %inputs/fixes.py show %t.json | FileCheck %s
// RUN: python3 %inputs/fixes.py apply %s %t.json > %t.fixed.mlir
// RUN: mlir-opt %t.fixed.mlir -o /dev/null
// RUN: grep -v 'expected-' %t.fixed.mlir > %t.clean.mlir
// RUN: FileCheck %s --check-prefix=FIXED --input-file %t.clean.mlir
// RUN: bufferlens lint %t.clean.mlir 2>&1 | FileCheck %s --check-prefix=LINT
// LINT: 1 file linted: 0 errors, 0 warnings, 0 other findings

// CHECK: BL305 [[@LINE+11]]:3 Remove redundant copy: use %1 in place of %2
// CHECK-NEXT: edit [[@LINE+8]]:1-[[@LINE+9]]:1 ""
func.func @dynamic_allocation(%arg0: index, %arg1: index, %v: f32) -> memref<?x?xf32> {
  %1 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
  linalg.fill ins(%v : f32) outs(%1 : memref<?x?xf32>)
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %1, %c0 : memref<?x?xf32>
  %d1 = memref.dim %1, %c1 : memref<?x?xf32>
  %2 = memref.alloc(%d0, %d1) : memref<?x?xf32>
  // expected-note@-1 {{this allocation of %2 goes away with the copy}}
  memref.copy %1, %2 : memref<?x?xf32> to memref<?x?xf32>
  // expected-warning@-1 {{the copy of %1 into %2 is redundant: %2 is a new buffer and %1 is freed after the copy with no other use after it, so %1 can be used in place of %2 [BL305]}}
  memref.dealloc %1 : memref<?x?xf32>
  // expected-note@-1 {{this free of %1 goes away with the copy}}
  return %2 : memref<?x?xf32>
}
// CHECK-NEXT: edit [[@LINE-6]]:1-[[@LINE-5]]:1 ""
// CHECK-NEXT: edit [[@LINE-5]]:1-[[@LINE-4]]:1 ""
// CHECK-NEXT: edit [[@LINE-4]]:10-[[@LINE-4]]:12 "%1"

// FIXED-LABEL: func.func @dynamic_allocation(
//  FIXED-NEXT:   %1 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
//  FIXED-NEXT:   linalg.fill ins(%v : f32) outs(%1 : memref<?x?xf32>)
//  FIXED-NEXT:   %c0 = arith.constant 0 : index
//  FIXED-NEXT:   %c1 = arith.constant 1 : index
//  FIXED-NEXT:   %d0 = memref.dim %1, %c0 : memref<?x?xf32>
//  FIXED-NEXT:   %d1 = memref.dim %1, %c1 : memref<?x?xf32>
//  FIXED-NEXT:   return %1 : memref<?x?xf32>
//  FIXED-NEXT: }

// One-Shot Bufferize's copy before a write (copy-before-write, in
// test/exec/copies/out_params.mlir): the target is written after the copy,
// the source's free comes later, after other ops that do not use it; the
// target's later uses, its free among them, name the source.
// CHECK: BL305 [[@LINE+14]]:3 Remove redundant copy: use %alloc in place of %alloc_0
func.func @squareThenSet(%arg0: memref<4xf32>, %arg1: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%arg0 : memref<4xf32>) outs(%alloc : memref<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.mulf %in, %in : f32
    linalg.yield %0 : f32
  }
  %other = memref.alloc() : memref<4xf32>
  memref.copy %arg0, %other : memref<4xf32> to memref<4xf32>
  %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  // expected-note@-1 {{this allocation of %alloc_0 goes away with the copy}}
  memref.copy %alloc, %alloc_0 : memref<4xf32> to memref<4xf32>
  // expected-warning@-1 {{the copy of %alloc into %alloc_0 is redundant}}
  memref.store %arg1, %alloc_0[%c0] : memref<4xf32>
  %x = memref.load %alloc_0[%c1] : memref<4xf32>
  memref.dealloc %other : memref<4xf32>
  memref.dealloc %alloc : memref<4xf32>
  // expected-note@-1 {{this free of %alloc goes away with the copy}}
  memref.dealloc %alloc_0 : memref<4xf32>
  return %x : f32
}
// CHECK-NEXT: edit [[@LINE-12]]:1-[[@LINE-11]]:1 ""
// CHECK-NEXT: edit [[@LINE-11]]:1-[[@LINE-10]]:1 ""
// CHECK-NEXT: edit [[@LINE-10]]:23-[[@LINE-10]]:31 "%alloc"
// CHECK-NEXT: edit [[@LINE-10]]:20-[[@LINE-10]]:28 "%alloc"
// CHECK-NEXT: edit [[@LINE-9]]:1-[[@LINE-8]]:1 ""
// CHECK-NEXT: edit [[@LINE-8]]:18-[[@LINE-8]]:26 "%alloc"

// FIXED-LABEL: func.func @squareThenSet(
//       FIXED:   %other = memref.alloc() : memref<4xf32>
//  FIXED-NEXT:   memref.copy %arg0, %other : memref<4xf32> to memref<4xf32>
//  FIXED-NEXT:   memref.store %arg1, %alloc[%c0] : memref<4xf32>
//  FIXED-NEXT:   %x = memref.load %alloc[%c1] : memref<4xf32>
//  FIXED-NEXT:   memref.dealloc %other : memref<4xf32>
//  FIXED-NEXT:   memref.dealloc %alloc : memref<4xf32>
//  FIXED-NEXT:   return %x : f32
//  FIXED-NEXT: }
