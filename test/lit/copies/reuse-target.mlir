// BL305, reusing the target: a new buffer is written, copied into a buffer
// defined before it and freed; what wrote the new buffer can write the
// target. The first function is upstream's reuseTarget example
// (examples/reuseTarget.mlir); the fix gives what the old CopyRemoval pass
// gave (mlir/docs/BufferDeallocationInternals.md, "Canonicalization of the
// Target Buffer"), which mlir-opt verifies and BufferLens no longer flags.
// RUN: bufferlens lint --verify %s
// RUN: bufferlens lint --format json %s > %t.json
// RUN: python3 %inputs/fixes.py show %t.json | FileCheck %s
// RUN: python3 %inputs/fixes.py apply %s %t.json > %t.fixed.mlir
// RUN: mlir-opt %t.fixed.mlir -o /dev/null
// RUN: grep -v 'expected-' %t.fixed.mlir > %t.clean.mlir
// RUN: FileCheck %s --check-prefix=FIXED --input-file %t.clean.mlir
// RUN: bufferlens lint %t.clean.mlir 2>&1 | FileCheck %s --check-prefix=LINT
// LINT: 1 file linted: 0 errors, 0 warnings, 0 other findings

#map0 = affine_map<(d0) -> (d0)>

// CHECK: BL305 [[@LINE+14]]:3 Remove redundant copy: use %result in place of %temp
// CHECK-NEXT: edit [[@LINE+3]]:1-[[@LINE+4]]:1 ""
// CHECK-NEXT: edit [[@LINE+7]]:37-[[@LINE+7]]:42 "%result"
func.func @reuseTarget(%arg0: memref<2xf32>, %result: memref<2xf32>) {
  %temp = memref.alloc() : memref<2xf32>
  // expected-note@-1 {{this allocation of %temp goes away with the copy}}
  linalg.generic {
    indexing_maps = [#map0, #map0],
    iterator_types = ["parallel"]}
    ins(%arg0 : memref<2xf32>) outs(%temp : memref<2xf32>) {
  ^bb0(%gen2_arg0: f32, %gen2_arg1: f32):
    %tmp2 = math.exp %gen2_arg0 : f32
    linalg.yield %tmp2 : f32
  }
  memref.copy %temp, %result : memref<2xf32> to memref<2xf32>
  // expected-warning@-1 {{the copy of %temp into %result is redundant: %temp is a new buffer, written, copied and freed, and nothing in between can see %result written earlier, so %result can be written in place of %temp [BL305]}}
  memref.dealloc %temp : memref<2xf32>
  // expected-note@-1 {{this free of %temp goes away with the copy}}
  return
}
// CHECK-NEXT: edit [[@LINE-6]]:1-[[@LINE-5]]:1 ""
// CHECK-NEXT: edit [[@LINE-5]]:1-[[@LINE-4]]:1 ""

// FIXED-LABEL: func.func @reuseTarget(%arg0: memref<2xf32>, %result: memref<2xf32>) {
//  FIXED-NEXT:   linalg.generic {
//  FIXED-NEXT:     indexing_maps = [#map0, #map0],
//  FIXED-NEXT:     iterator_types = ["parallel"]}
//  FIXED-NEXT:     ins(%arg0 : memref<2xf32>) outs(%result : memref<2xf32>) {
//       FIXED:   }
//  FIXED-NEXT:   return
//  FIXED-NEXT: }

// What buffer-results-to-out-params and the deallocation pipeline make of a
// function returning a new tensor (test/exec/copies/out_params.mlir): the
// temporary is written by a loop (uses inside regions are renamed too), and
// a read of a buffer allocated here, which cannot be %arg1, does not
// matter. (A load of another argument there would: no finding then.)
// CHECK: BL305 [[@LINE+18]]:3 Remove redundant copy: use %arg1 in place of %alloc
func.func @square(%arg1: memref<4xf32>, %scale: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %own = memref.alloc() : memref<f32>
  memref.copy %scale, %own : memref<f32> to memref<f32>
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  // expected-note@-1 {{this allocation of %alloc goes away with the copy}}
  %s = memref.load %own[] : memref<f32>
  scf.for %i = %c0 to %c4 step %c1 {
    %n = arith.index_cast %i : index to i32
    %x = arith.sitofp %n : i32 to f32
    %y = arith.mulf %x, %s : f32
    memref.store %y, %alloc[%i] : memref<4xf32>
  }
  %head = memref.load %alloc[%c0] : memref<4xf32>
  memref.store %head, %alloc[%c1] : memref<4xf32>
  memref.copy %alloc, %arg1 : memref<4xf32> to memref<4xf32>
  // expected-warning@-1 {{the copy of %alloc into %arg1 is redundant}}
  memref.dealloc %alloc : memref<4xf32>
  // expected-note@-1 {{this free of %alloc goes away with the copy}}
  memref.dealloc %own : memref<f32>
  return
}
// CHECK-NEXT: edit [[@LINE-18]]:1-[[@LINE-17]]:1 ""
// CHECK-NEXT: edit [[@LINE-12]]:22-[[@LINE-12]]:28 "%arg1"
// CHECK-NEXT: edit [[@LINE-11]]:23-[[@LINE-11]]:29 "%arg1"
// CHECK-NEXT: edit [[@LINE-11]]:23-[[@LINE-11]]:29 "%arg1"
// CHECK-NEXT: edit [[@LINE-11]]:1-[[@LINE-10]]:1 ""
// CHECK-NEXT: edit [[@LINE-10]]:1-[[@LINE-9]]:1 ""

// FIXED-LABEL: func.func @square(
//  FIXED-NEXT:   %c0 = arith.constant 0 : index
//  FIXED-NEXT:   %c1 = arith.constant 1 : index
//  FIXED-NEXT:   %c4 = arith.constant 4 : index
//  FIXED-NEXT:   %own = memref.alloc() : memref<f32>
//  FIXED-NEXT:   memref.copy %scale, %own : memref<f32> to memref<f32>
//  FIXED-NEXT:   %s = memref.load %own[] : memref<f32>
//  FIXED-NEXT:   scf.for %i = %c0 to %c4 step %c1 {
//  FIXED-NEXT:     %n = arith.index_cast %i : index to i32
//  FIXED-NEXT:     %x = arith.sitofp %n : i32 to f32
//  FIXED-NEXT:     %y = arith.mulf %x, %s : f32
//  FIXED-NEXT:     memref.store %y, %arg1[%i] : memref<4xf32>
//  FIXED-NEXT:   }
//  FIXED-NEXT:   %head = memref.load %arg1[%c0] : memref<4xf32>
//  FIXED-NEXT:   memref.store %head, %arg1[%c1] : memref<4xf32>
//  FIXED-NEXT:   memref.dealloc %own : memref<f32>
//  FIXED-NEXT:   return
//  FIXED-NEXT: }
