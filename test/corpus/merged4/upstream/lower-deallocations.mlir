// From llvm/llvm-project, file
// mlir/test/Dialect/Bufferization/Transforms/lower-deallocations.mlir
// at commit 4ca6fc6aae727ed73c0c313eb40e6049529f6301.
// Part of the LLVM Project, under the Apache License v2.0 with LLVM
// Exceptions. See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Changed for the corpus (test/corpus/README.md): the FileCheck lines are
// removed. No test-dialect ops.

// RUN: mlir-opt -verify-diagnostics -bufferization-lower-deallocations -split-input-file %s | FileCheck %s

func.func @conversion_dealloc_empty() {
  bufferization.dealloc
  return
}

// -----

func.func @conversion_dealloc_empty_but_retains(%arg0: memref<2xi32>, %arg1: memref<2xi32>) -> (i1, i1) {
  %0:2 = bufferization.dealloc retain (%arg0, %arg1 : memref<2xi32>, memref<2xi32>)
  return %0#0, %0#1 : i1, i1
}

// -----

func.func @conversion_dealloc_simple(%arg0: memref<2xf32>, %arg1: i1) {
  bufferization.dealloc (%arg0 : memref<2xf32>) if (%arg1)
  return
}

// -----

func.func @conversion_dealloc_one_memref_and_multiple_retained(%arg0: memref<2xf32>, %arg1: memref<1xf32>, %arg2: i1, %arg3: memref<2xf32>) -> (i1, i1) {
  %0:2 = bufferization.dealloc (%arg0 : memref<2xf32>) if (%arg2) retain (%arg1, %arg3 : memref<1xf32>, memref<2xf32>)
  return %0#0, %0#1 : i1, i1
}

// -----

func.func @conversion_dealloc_multiple_memrefs_and_retained(%arg0: memref<2xf32>, %arg1: memref<5xf32>, %arg2: memref<1xf32>, %arg3: i1, %arg4: i1, %arg5: memref<2xf32>) -> (i1, i1) {
  %0:2 = bufferization.dealloc (%arg0, %arg1 : memref<2xf32>, memref<5xf32>) if (%arg3, %arg4) retain (%arg2, %arg5 : memref<1xf32>, memref<2xf32>)
  return %0#0, %0#1 : i1, i1
}
// Expected error/warning findings of test/corpus/upstream/lower-deallocations.mlir (absolute
// lines), each with why it is true; see test/corpus/README.md.

// why: upstream's test of a bufferization.dealloc pattern frees a function argument, which the caller owns under the function-boundary ABI; the pattern test does not follow the ABI. Execution: test/exec/inputs/bug_upstream_conversion_dealloc_simple.mlir, combo arg1=1: invalid-free.
// expected-error@28 {{free of %arg0 (a function argument: the caller owns it) when %arg1 is true: ^bb0 [BL104]}}
// expected-note@27 {{%arg0 is an argument of the function}}

// why: upstream's test of a bufferization.dealloc pattern frees a function argument, which the caller owns under the function-boundary ABI; the pattern test does not follow the ABI. Execution: test/exec/inputs/bug_upstream_conversion_dealloc_one_memref_and_multiple_retained.mlir, combo arg2=1: invalid-free.
// expected-error@35 {{free of %arg0 (a function argument: the caller owns it) when %arg0 and %arg3 being the same buffer is false and %arg0 and %arg1 being the same buffer is false and %arg2 is true: ^bb0 [BL104]}}
// expected-note@34 {{%arg0 is an argument of the function}}

// why: upstream's test of a bufferization.dealloc pattern frees a function argument, which the caller owns under the function-boundary ABI; the pattern test does not follow the ABI. Execution: test/exec/inputs/bug_upstream_conversion_dealloc_multiple_memrefs_and_retained.mlir, combos arg3=1: invalid-free.
// expected-error@42 {{free of %arg0 (a function argument: the caller owns it) when %arg0 and %arg5 being the same buffer is false and %arg0 and %arg2 being the same buffer is false and %arg3 is true: ^bb0 [BL104]}}
// expected-note@41 {{%arg0 is an argument of the function}}
