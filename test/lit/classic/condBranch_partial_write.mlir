// BufferDeallocationInternals.md "Requirements": the partial write in ^bb2
// does not dominate the read in ^bb3 (BL401); %0: 8 bytes, local (BL301).
// RUN: bufferlens lint --verify %s
// RUN: bufferlens rewrite --strategy classic %s | FileCheck %s
// RUN: bufferlens rewrite --strategy classic %s | mlir-opt -o /dev/null
// From upstream: mlir/docs/BufferDeallocationInternals.md, "Requirements"
// (the 2020 mlir/docs/Bufferization.md does not repeat this one).
//
// Breaks the bufferization invariant "all writes of a buffer dominate all
// reads of it": ^bb2 writes %0 after the function could already have taken the
// ^bb1 path, and ^bb3 reads %0 on both paths.
//
// Changes from the upstream document:
// - `partial_write(%0, %0)` (not an upstream op) is a `memref.store` of one
//   element into %0 (a partial write of the buffer); %cst and %c0 are the
//   value and index the store needs.
// - `test.copy(%0, %arg1)` is `memref.copy %0, %arg1` (reads %0).
// - `br ^bb3()` / `^bb3():` are `cf.br ^bb3` / `^bb3:`: today's parser
//   rejects an empty successor operand list `()`.
func.func @condBranch(%arg0: i1, %arg1: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 1.000000e+00 : f32
  %0 = memref.alloc() : memref<2xf32>
  // expected-remark@-1 {{%0 can be promoted to the stack: 8 bytes (limit 1024), static shape, and it never leaves its block [BL301]}}
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3
^bb2:
  memref.store %cst, %0[%c0] : memref<2xf32>  // partial write, does not dominate the read in ^bb3
  // expected-warning@-1 {{the write to %0 (memref.store in ^bb2) does not dominate its read by memref.copy in ^bb3, which sees %0 unwritten on the entry block -> ^bb1 -> ^bb3: all writes of a buffer must dominate all of its reads [BL401]}}
  cf.br ^bb3
^bb3:
  memref.copy %0, %arg1 : memref<2xf32> to memref<2xf32>
  // expected-note@-1 {{this read of %0 sees it unwritten on the entry block -> ^bb1 -> ^bb3}}
  return
}

// CHECK-LABEL: func.func @condBranch
//       CHECK: ^bb3:
//  CHECK-NEXT:   memref.copy %[[A:.*]], %arg1
//  CHECK-NEXT:   memref.dealloc %[[A]]
//  CHECK-NEXT:   return
