// From llvm/llvm-project, file
// mlir/test/Dialect/Bufferization/Transforms/buffer-deallocation-simplification.mlir
// at commit 06887db22dc3ef6df6d76cb675c246401811b53c.
// Part of the LLVM Project, under the Apache License v2.0 with LLVM
// Exceptions. See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Changed for the corpus (test/corpus/README.md): the FileCheck lines are
// removed. No test-dialect ops. MLIR 22's verifier rejects the stored
// version's `memref.subview %arg0[1][1][1] : memref<2xi32> to
// memref<1xi32, strided<[1]>>` (the result's offset is 1): that type is
// written `memref<1xi32, strided<[1], offset: 1>>` here, twice.

// RUN: mlir-opt %s --buffer-deallocation-simplification --split-input-file | FileCheck %s

func.func @dealloc_deallocated_in_retained(%arg0: memref<2xi32>, %arg1: i1, %arg2: memref<2xi32>, %arg3: i1) -> (i1, i1, i1, i1, i1, i1, i1) {
  %0 = bufferization.dealloc (%arg0 : memref<2xi32>) if (%arg1) retain (%arg0 : memref<2xi32>)
  %1 = bufferization.dealloc (%arg0, %arg2 : memref<2xi32>, memref<2xi32>) if (%arg1, %arg1) retain (%arg0 : memref<2xi32>)
  %2:2 = bufferization.dealloc (%arg0 : memref<2xi32>) if (%arg1) retain (%arg0, %arg2 : memref<2xi32>, memref<2xi32>)
  // multiple must-alias
  %3 = memref.subview %arg0[0][1][1] : memref<2xi32> to memref<i32>
  %4 = memref.subview %arg0[1][1][1] : memref<2xi32> to memref<1xi32, strided<[1], offset: 1>>
  %alloc = memref.alloc() : memref<2xi32>
  %5:3 = bufferization.dealloc (%arg0, %4 : memref<2xi32>, memref<1xi32, strided<[1], offset: 1>>) if (%arg1, %arg3) retain (%arg0, %alloc, %3 : memref<2xi32>, memref<2xi32>, memref<i32>)
  return %0, %1, %2#0, %2#1, %5#0, %5#1, %5#2 : i1, i1, i1, i1, i1, i1, i1
}





















































































// expected-error@18 {{free of %arg2 (a function argument: the caller owns it) when %arg2 and %arg0 being the same buffer is false and %arg1 is true: ^bb0 [BL104]}}
// expected-note@16 {{%arg2 is an argument of the function}}


// expected-error@23 {{%alloc leaks}}
// expected-note@25 {{the path leaves here}}

























































