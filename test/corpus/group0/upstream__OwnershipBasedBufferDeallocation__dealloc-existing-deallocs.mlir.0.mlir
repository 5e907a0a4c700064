// From llvm/llvm-project, file
// mlir/test/Dialect/Bufferization/Transforms/OwnershipBasedBufferDeallocation/dealloc-existing-deallocs.mlir
// at commit 4e43160dfb0fa8b4f51a551ffa46243e1d770b5c.
// Part of the LLVM Project, under the Apache License v2.0 with LLVM
// Exceptions. See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Changed for the corpus (test/corpus/README.md): the FileCheck lines are
// removed; `"test.memref_user"(%m)` (an op without memory-effect interface, so
// with unknown effects on %m) is replaced by a call of an external function
// `@memref_user`, declared in each chunk, whose effects are unknown as well.

// RUN: mlir-opt -verify-diagnostics -expand-realloc=emit-deallocs=false -ownership-based-buffer-deallocation \
// RUN:  --buffer-deallocation-simplification -split-input-file %s | FileCheck %s

func.func private @memref_user(memref<?xi32>)

func.func @auto_dealloc() {
  %c10 = arith.constant 10 : index
  %c100 = arith.constant 100 : index
  %alloc = memref.alloc(%c10) : memref<?xi32>
  %realloc = memref.realloc %alloc(%c100) : memref<?xi32> to memref<?xi32>
  func.call @memref_user(%realloc) : (memref<?xi32>) -> ()
  return
}




















// expected-error@22 {{the deallocation pass rejects `memref.realloc`: it frees a buffer, and the input must not contain deallocations yet [BL204]}}



