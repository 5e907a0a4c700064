// BL304's fix does what upstream's clone canonicalization does: the clone
// and the redundant dealloc go (their whole lines), and every use of the
// clone names its source instead; a clone that changes the type becomes a
// `memref.cast` of its source, as upstream inserts one. Applied, the IR is
// the same as `mlir-opt --canonicalize` makes of this file.
// RUN: bufferlens lint --format json %s > %t.json
// RUN: python3 %inputs/fixes.py show %t.json | FileCheck %s
// RUN: FileCheck %s --check-prefix=JSON --input-file %t.json
// RUN: python3 %inputs/fixes.py apply %s %t.json > %t.fixed.mlir
// RUN: bufferlens lint %t.fixed.mlir 2>&1 | FileCheck %s --check-prefix=FIXED
// RUN: mlir-opt %t.fixed.mlir -o %t.ours
// RUN: mlir-opt --canonicalize %s -o %t.upstream
// RUN: diff %t.ours %t.upstream
// FIXED: 1 file linted: 0 errors, 0 warnings, 0 other findings

// The upstream document's example: the source's free is the redundant one.
// CHECK: BL304 [[@LINE+6]]:8 Remove redundant clone/dealloc pair: use %1 in place of %2
// CHECK-NEXT: edit [[@LINE+5]]:1-[[@LINE+6]]:1 ""
// CHECK-NEXT: edit [[@LINE+5]]:1-[[@LINE+6]]:1 ""
// CHECK-NEXT: edit [[@LINE+5]]:10-[[@LINE+5]]:12 "%1"
func.func @source_freed(%arg0: index, %arg1: index) -> memref<?x?xf32> {
  %1 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
  %2 = bufferization.clone %1 : memref<?x?xf32> to memref<?x?xf32>
  memref.dealloc %1 : memref<?x?xf32>
  return %2 : memref<?x?xf32>
}

// JSON:      "message": "%2 is a redundant clone of %1: %1 is freed in the same block, so canonicalization uses %1 in place of %2 and drops the clone and that dealloc",
// JSON:      "fixes": [
// JSON-NEXT:   {
// JSON-NEXT:     "title": "Remove redundant clone/dealloc pair: use %1 in place of %2",
// JSON-NEXT:     "edits": [
// JSON-NEXT:       {
// JSON-NEXT:         "range": {
// JSON-NEXT:           "start": {
// JSON-NEXT:             "line": 22,
// JSON-NEXT:             "character": 0
// JSON-NEXT:           },
// JSON-NEXT:           "end": {
// JSON-NEXT:             "line": 23,
// JSON-NEXT:             "character": 0
// JSON-NEXT:           }
// JSON-NEXT:         },
// JSON-NEXT:         "newText": ""
// JSON-NEXT:       },
// JSON-NEXT:       {
// JSON-NEXT:         "range": {
// JSON-NEXT:           "start": {
// JSON-NEXT:             "line": 23,
// JSON-NEXT:             "character": 0
// JSON-NEXT:           },
// JSON-NEXT:           "end": {
// JSON-NEXT:             "line": 24,
// JSON-NEXT:             "character": 0
// JSON-NEXT:           }
// JSON-NEXT:         },
// JSON-NEXT:         "newText": ""
// JSON-NEXT:       },
// JSON-NEXT:       {
// JSON-NEXT:         "range": {
// JSON-NEXT:           "start": {
// JSON-NEXT:             "line": 24,
// JSON-NEXT:             "character": 9
// JSON-NEXT:           },
// JSON-NEXT:           "end": {
// JSON-NEXT:             "line": 24,
// JSON-NEXT:             "character": 11
// JSON-NEXT:           }
// JSON-NEXT:         },
// JSON-NEXT:         "newText": "%1"
// JSON-NEXT:       }
// JSON-NEXT:     ]
// JSON-NEXT:   }
// JSON-NEXT: ]

// The clone's own free is the redundant one; its uses inside a region are
// renamed too, and the comment on the deleted line goes with it.
// CHECK: BL304 [[@LINE+6]]:8 Remove redundant clone/dealloc pair: use %s in place of %c
// CHECK-NEXT: edit [[@LINE+5]]:1-[[@LINE+6]]:1 ""
// CHECK-NEXT: edit [[@LINE+6]]:17-[[@LINE+6]]:19 "%s"
// CHECK-NEXT: edit [[@LINE+7]]:15-[[@LINE+7]]:17 "%s"
// CHECK-NEXT: edit [[@LINE+7]]:1-[[@LINE+8]]:1 ""
func.func @clone_freed(%s: memref<2xf32>, %out: memref<2xf32>, %cond: i1) {
  %c = bufferization.clone %s : memref<2xf32> to memref<2xf32>
  scf.if %cond {
    memref.copy %c, %out : memref<2xf32> to memref<2xf32>
  }
  memref.copy %c, %out : memref<2xf32> to memref<2xf32>
  memref.dealloc %c : memref<2xf32>  // the clone's own free
  return
}

// A clone to another type: upstream casts the source to it.
// CHECK: BL304 [[@LINE+5]]:8 Remove redundant clone/dealloc pair: use %0 in place of %1
// CHECK-NEXT: edit [[@LINE+4]]:8-[[@LINE+4]]:27 "memref.cast"
// CHECK-NEXT: edit [[@LINE+4]]:1-[[@LINE+5]]:1 ""
func.func @cast() -> memref<?xf32> {
  %0 = memref.alloc() : memref<2xf32>
  %1 = bufferization.clone %0 : memref<2xf32> to memref<?xf32>
  memref.dealloc %0 : memref<2xf32>
  return %1 : memref<?xf32>
}

// The generic form: whole lines go all the same.
// CHECK: BL304 [[@LINE+6]]:8 Remove redundant clone/dealloc pair: use %1 in place of %2
// CHECK-NEXT: edit [[@LINE+5]]:1-[[@LINE+6]]:1 ""
// CHECK-NEXT: edit [[@LINE+5]]:1-[[@LINE+6]]:1 ""
// CHECK-NEXT: edit [[@LINE+5]]:10-[[@LINE+5]]:12 "%1"
func.func @generic(%arg0: index) -> memref<?xf32> {
  %1 = memref.alloc(%arg0) : memref<?xf32>
  %2 = "bufferization.clone"(%1) : (memref<?xf32>) -> memref<?xf32>
  memref.dealloc %1 : memref<?xf32>
  return %2 : memref<?xf32>
}
// CHECK-NOT: BL304
