// BL101's fix: a `memref.dealloc` of the leaked allocation on a line of its
// own, indented like the terminator it goes before: the terminator of the
// last block of each leaking path at which the buffer is live and unused
// from there on on every execution. Applied, the IR verifies and the leaks
// are gone without a double free or a use after free in their place.
// RUN: not bufferlens lint --stage deallocated --format json %s > %t.json
// RUN: python3 %inputs/fixes.py show %t.json | FileCheck %s
// RUN: FileCheck %s --check-prefix=JSON --input-file %t.json
// RUN: python3 %inputs/fixes.py apply %s %t.json > %t.fixed.mlir
// RUN: mlir-opt %t.fixed.mlir -o /dev/null
// RUN: bufferlens lint --stage deallocated %t.fixed.mlir 2>&1 | FileCheck %s --check-prefix=FIXED
// Freed right after it is cloned, %1 of @cloned makes its clone redundant:
// BL304 and its fix take over from there (the clone, line 109 here, is on
// line 114 after the five lines the fixes insert above it).
// FIXED-NOT: [BL1
// FIXED: fixed.mlir:114:8: warning: %2 is a redundant clone of %1
// FIXED-NOT: [BL1
// FIXED: 1 file linted: 0 errors, 1 warning, 0 other findings

// The free in ^bb1 reaches neither ^bb2 nor its return.
// CHECK: BL101 [[@LINE+3]]:3 Insert memref.dealloc %0
// CHECK-NEXT: edit [[@LINE+8]]:1-[[@LINE+8]]:1 "  memref.dealloc %0 : memref<2xf32>\n"
func.func @exit_block(%cond: i1) {
  %0 = memref.alloc() : memref<2xf32>
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  memref.dealloc %0 : memref<2xf32>
  return
^bb2:
  return
}

// The paths meet in ^exit, where %buf may be freed already: the dealloc
// goes before ^keep's branch, the last block only the leaking path takes.
// CHECK: BL101 [[@LINE+3]]:3 Insert memref.dealloc %buf
// CHECK-NEXT: edit [[@LINE+8]]:1-[[@LINE+8]]:1 "  memref.dealloc %buf : memref<4xf32>\n"
func.func @join(%cond: i1) {
  %buf = memref.alloc() : memref<4xf32>
  cf.cond_br %cond, ^free, ^keep
^free:
  memref.dealloc %buf : memref<4xf32>
  cf.br ^exit
^keep:
  cf.br ^exit
^exit:
  return
}

// JSON:      "message": "%buf leaks when %cond is false: ^bb0 -> ^keep -> ^exit -> return",
// JSON:      "fixes": [
// JSON-NEXT:   {
// JSON-NEXT:     "title": "Insert memref.dealloc %buf",
// JSON-NEXT:     "edits": [
// JSON-NEXT:       {
// JSON-NEXT:         "range": {
// JSON-NEXT:           "start": {
// JSON-NEXT:             "line": 43,
// JSON-NEXT:             "character": 0
// JSON-NEXT:           },
// JSON-NEXT:           "end": {
// JSON-NEXT:             "line": 43,
// JSON-NEXT:             "character": 0
// JSON-NEXT:           }
// JSON-NEXT:         },
// JSON-NEXT:         "newText": "  memref.dealloc %buf : memref<4xf32>\n"
// JSON-NEXT:       }
// JSON-NEXT:     ]
// JSON-NEXT:   }
// JSON-NEXT: ]

// Never freed, two exits: one fix with an edit at each. The read through a
// view stays before the dealloc.
// CHECK: BL101 [[@LINE+5]]:3 Insert memref.dealloc %0
// CHECK-NEXT: edit [[@LINE+10]]:1-[[@LINE+10]]:1 "  memref.dealloc %0 : memref<4xf32>\n"
// CHECK-NEXT: edit [[@LINE+11]]:1-[[@LINE+11]]:1 "  memref.dealloc %0 : memref<4xf32>\n"
func.func @two_exits(%cond: i1, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %0 = memref.alloc() : memref<4xf32>
  %v = memref.subview %0[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  %x = memref.load %v[%c0] : memref<2xf32, strided<[1], offset: 1>>
  memref.store %x, %out[] : memref<f32>
  return
^bb2:
  return
}

// Never freed, the paths join: one dealloc before the shared return. A
// dynamic shape, the type as written.
// CHECK: BL101 [[@LINE+3]]:3 Insert memref.dealloc %0
// CHECK-NEXT: edit [[@LINE+9]]:1-[[@LINE+9]]:1 "  memref.dealloc %0 : memref<?xf32>\n"
func.func @diamond(%cond: i1, %n: index) {
  %0 = memref.alloc(%n) : memref<?xf32>
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  return
}

// The clone reads %1 into a buffer of its own: %1 is still the one to free.
// CHECK: BL101 [[@LINE+3]]:3 Insert memref.dealloc %1
// CHECK-NEXT: edit [[@LINE+4]]:1-[[@LINE+4]]:1 "  memref.dealloc %1 : memref<?x?xf32>\n"
func.func @cloned(%arg0: index, %arg1: index) -> memref<?x?xf32> {
  %1 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
  %2 = bufferization.clone %1 : memref<?x?xf32> to memref<?x?xf32>
  return %2 : memref<?x?xf32>
}

// Allocated in a branch and never freed: freed at the end of that branch,
// after its last op (its scf.yield is implicit), where every execution of
// the branch passes.
// CHECK: BL101 [[@LINE+5]]:5 Insert memref.dealloc %0
// CHECK-NEXT: edit [[@LINE+7]]:1-[[@LINE+7]]:1 "    memref.dealloc %0 : memref<2xf32>\n"
func.func @in_a_branch(%cond: i1, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  scf.if %cond {
    %0 = memref.alloc() : memref<2xf32>
    %x = memref.load %0[%c0] : memref<2xf32>
    memref.store %x, %out[] : memref<f32>
  }
  return
}

// Allocated and lost every iteration: freed before the body's yield, which
// also fixes the leak at the back edge.
// CHECK: BL101 [[@LINE+4]]:5 Insert memref.dealloc %0
// CHECK-NEXT: edit [[@LINE+4]]:1-[[@LINE+4]]:1 "    memref.dealloc %0 : memref<2xf32>\n"
func.func @per_iteration(%lb: index, %ub: index, %step: index) {
  scf.for %i = %lb to %ub step %step {
    %0 = memref.alloc() : memref<2xf32>
    scf.yield
  }
  return
}

// A terminator that shares its line with the block label: the dealloc goes
// in front of it and the terminator moves to the next line, under it.
// CHECK: BL101 [[@LINE+3]]:3 Insert memref.dealloc %0
// CHECK-NEXT: edit [[@LINE+6]]:7-[[@LINE+6]]:7 "memref.dealloc %0 : memref<2xf32>\n      "
func.func @label_line(%cond: i1) {
  %0 = memref.alloc() : memref<2xf32>
  cf.cond_br %cond, ^bb1, ^bb2
^bb1: memref.dealloc %0 : memref<2xf32>
  return
^bb2: return
}
// CHECK-NOT: BL101
