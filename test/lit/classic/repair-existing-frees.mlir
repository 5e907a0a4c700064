// The classic rewrite on IR that already frees: as the old
// BufferDeallocation pass did, a misplaced free is moved after the last use
// of its buffer and a missing one is inserted, also for the result of a
// `memref.realloc` (whose free of its operand stays where it is). The CHECK
// lines are upstream's for the pass; the output verifies with mlir-opt and
// BufferLens's checker finds no leak, double free or use after free in it.
// test/exec/classic/ runs the first two (run-classic.sh); the third after
// `expand-realloc`.
// RUN: bufferlens rewrite --strategy classic %s > %t.mlir
// RUN: FileCheck %s --input-file %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: bufferlens lint --stage deallocated %t.mlir 2>&1 | FileCheck %s --check-prefix=LINT
// LINT: 1 file linted: 0 errors, 0 warnings, 0 other findings
// Before the rewrite, the checker reports the misplaced frees and the leak
// (this directory's .bufferlens.json turns the checker's codes off).
// RUN: not bufferlens lint --enable BL101 --enable BL103 %s 2>&1 | FileCheck %s --check-prefix=BEFORE
// BEFORE: repair-existing-frees.mlir:53:3: error: %1 leaks when %cond is true: ^bb0 -> ^bb1 -> ^exit -> return [BL101]
// BEFORE: repair-existing-frees.mlir:62:3: error: use of %arg2 (an alias of %1) after it was freed when %cond is false: ^bb0 -> ^bb2 -> ^exit [BL103]
// BEFORE: repair-existing-frees.mlir:80:3: error: use of %0 after it was freed: ^bb0 [BL103]
// BEFORE: repair-existing-frees.mlir:95:3: error: %realloc leaks: ^bb0 -> return [BL101]

// From llvm/llvm-project, file
// mlir/test/Dialect/Bufferization/Transforms/buffer-deallocation.mlir at
// commit 45d17e2243e831916d778bcc7dfc4d91a252cfb1 (the test of the classic
// `-buffer-deallocation` pass before its removal): the functions
// @moving_invalid_dealloc_op_complex, @moving_invalid_dealloc_op and
// @auto_dealloc with their CHECK lines.
// Part of the LLVM Project, under the Apache License v2.0 with LLVM
// Exceptions. See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Changed: `test.buffer_based in(%a) out(%b)` and `test.copy(%a, %b)` (read
// %a, write %b) are `memref.copy %a, %b`, the upstream op with the same
// memory effects; the CHECK lines name it by its operands. Upstream ran the
// pass with -split-input-file; here the three functions are one module, so
// a label ends with `(`.

// Test Case: Invalid position of the DeallocOp. There is a user after
// deallocation.
//   bb0
//  /   \
// bb1  bb2 <- Initial position of AllocOp
//  \   /
//   bb3
// BufferDeallocation expected behavior: The existing DeallocOp should be
// moved to exit block.

// CHECK-LABEL: func @moving_invalid_dealloc_op_complex
func.func @moving_invalid_dealloc_op_complex(
  %cond: i1,
    %arg0: memref<2xf32>,
    %arg1: memref<2xf32>) {
  %1 = memref.alloc() : memref<2xf32>
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  cf.br ^exit(%arg0 : memref<2xf32>)
^bb2:
  memref.copy %arg0, %1 : memref<2xf32> to memref<2xf32>
  memref.dealloc %1 : memref<2xf32>
  cf.br ^exit(%1 : memref<2xf32>)
^exit(%arg2: memref<2xf32>):
  memref.copy %arg2, %arg1 : memref<2xf32> to memref<2xf32>
  return
}

// CHECK-NEXT: %[[ALLOC0:.*]] = memref.alloc()
// CHECK-NEXT: cf.cond_br
//      CHECK: memref.copy %{{.*}}, %arg2
// CHECK-NEXT: memref.dealloc %[[ALLOC0]]
// CHECK-NEXT: return

// Test Case: Moving invalid DeallocOp (there is a user after deallocation) in a
// single block.

// CHECK-LABEL: func @moving_invalid_dealloc_op(
func.func @moving_invalid_dealloc_op(%arg0 : memref<2xf32>, %arg1: memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %arg0, %0 : memref<2xf32> to memref<2xf32>
  memref.dealloc %0 : memref<2xf32>
  memref.copy %0, %arg1 : memref<2xf32> to memref<2xf32>
  return
}

// CHECK-NEXT: %[[ALLOC0:.*]] = memref.alloc()
//      CHECK: memref.copy %[[ALLOC0]], %arg1
// CHECK-NEXT: memref.dealloc %[[ALLOC0]]

// Ensure we free the realloc, not the alloc.

// CHECK-LABEL: func @auto_dealloc()
func.func @auto_dealloc() {
  %c10 = arith.constant 10 : index
  %c100 = arith.constant 100 : index
  %alloc = memref.alloc(%c10) : memref<?xi32>
  %realloc = memref.realloc %alloc(%c100) : memref<?xi32> to memref<?xi32>
  return
}
// CHECK-DAG:   %[[C10:.*]] = arith.constant 10 : index
// CHECK-DAG:   %[[C100:.*]] = arith.constant 100 : index
// CHECK-NEXT:  %[[A:.*]] = memref.alloc(%[[C10]]) : memref<?xi32>
// CHECK-NEXT:  %[[R:.*]] = memref.realloc %alloc(%[[C100]]) : memref<?xi32> to memref<?xi32>
// CHECK-NEXT:  memref.dealloc %[[R]] : memref<?xi32>
// CHECK-NEXT:  return
