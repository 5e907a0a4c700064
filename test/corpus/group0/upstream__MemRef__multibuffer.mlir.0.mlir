// From llvm/llvm-project, file mlir/test/Dialect/MemRef/multibuffer.mlir
// at commit 06887db22dc3ef6df6d76cb675c246401811b53c.
// Part of the LLVM Project, under the Apache License v2.0 with LLVM
// Exceptions. See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Changed for the corpus (test/corpus/README.md): the FileCheck lines are
// removed; the unregistered ops `"some_use"(%m)` and `"blocking_use"(%m)`
// (no memory-effect interface: unknown effects) are replaced by calls of
// external functions `@some_use` / `@blocking_use` declared in the chunk,
// whose effects are unknown as well.

// RUN: mlir-opt %s -allow-unregistered-dialect -test-multi-buffering=multiplier=5 -cse -split-input-file | FileCheck %s

func.func private @some_use(memref<4x128xf32>)

func.func @multi_buffer(%a: memref<1024x1024xf32>) {
  %0 = memref.alloc() {someAttribute} : memref<4x128xf32>
  %c1024 = arith.constant 1024 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %arg2 = %c1 to %c1024 step %c3 {
   %1 = memref.subview %a[%arg2, 0] [4, 128] [1, 1] :
    memref<1024x1024xf32> to memref<4x128xf32, affine_map<(d0, d1)[s0] -> (d0 * 1024 + s0 + d1)>>
   memref.copy %1, %0 : memref<4x128xf32, affine_map<(d0, d1)[s0] -> (d0 * 1024 + s0 + d1)>> to memref<4x128xf32>
    func.call @some_use(%0) : (memref<4x128xf32>) -> ()
   func.call @some_use(%0) : (memref<4x128xf32>) -> ()
  }
  return
}





















































































































































