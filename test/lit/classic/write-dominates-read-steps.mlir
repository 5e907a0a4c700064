// RUN: bufferlens lint %s 2>/dev/null | grep -E "(warning|note): " | FileCheck %s
// BL401's path report: the allocation, the choices of the path on which the
// read sees the buffer unwritten (the one its message names), the read.

func.func @unwritten_on_one_path(%arg0: i1, %v: f32, %out: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %0 = memref.alloc() : memref<2xf32>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3
^bb2:
  memref.store %v, %0[%c0] : memref<2xf32>
  cf.br ^bb3
^bb3:
  memref.copy %0, %out : memref<2xf32> to memref<2xf32>
  return
}

func.func @unwritten_in_else(%c: i1, %v: f32, %out: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %0 = memref.alloc() : memref<2xf32>
  scf.if %c {
    memref.store %v, %0[%c0] : memref<2xf32>
  } else {
    memref.store %v, %out[%c0] : memref<2xf32>
  }
  memref.copy %0, %out : memref<2xf32> to memref<2xf32>
  return
}

// CHECK:      write-dominates-read-steps.mlir:12:3: warning: the write to %0 (memref.store in ^bb2) does not dominate its read by memref.copy in ^bb3
// CHECK-NEXT: write-dominates-read-steps.mlir:7:3: note: 1. %0 is allocated here
// CHECK-NEXT: write-dominates-read-steps.mlir:8:3: note: 2. branching to ^bb1 (%arg0 is true)
// CHECK-NEXT: write-dominates-read-steps.mlir:15:3: note: 3. this read of %0 sees it unwritten
// CHECK:      write-dominates-read-steps.mlir:23:5: warning: the write to %0 (memref.store in the then region of scf.if) does not dominate its read by memref.copy in the entry block
// CHECK-NEXT: write-dominates-read-steps.mlir:21:3: note: 1. %0 is allocated here
// CHECK-NEXT: write-dominates-read-steps.mlir:22:3: note: 2. taking the else region of scf.if (%c is false)
// CHECK-NEXT: write-dominates-read-steps.mlir:27:3: note: 3. this read of %0 sees it unwritten
