// From llvm/llvm-project, file
// mlir/test/Dialect/Bufferization/Transforms/one-shot-bufferize-allow-return-allocs.mlir
// at commit 052969e5f11a7b1fcdf3872840e7c9d2cecf6cef.
// Part of the LLVM Project, under the Apache License v2.0 with LLVM
// Exceptions. See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Changed for the corpus (test/corpus/README.md): the FileCheck lines are
// removed; `"test.some_op"() : () -> index` (an op without memory-effect
// interface) is replaced by a call of an external function `@some_op`
// declared in the chunk. Tensor-level input: regenerate.sh bufferizes it
// (upstream-bufferized/) with the RUN line's One-Shot Bufferize options,
// given on the `corpus-bufferize:` line.
//
// corpus-bufferize: --split-input-file --one-shot-bufferize=allow-unknown-ops --canonicalize

// RUN: mlir-opt %s -one-shot-bufferize="allow-unknown-ops" -canonicalize -split-input-file | FileCheck %s

// Run fuzzer with different seeds.
// RUN: mlir-opt %s -one-shot-bufferize="test-analysis-only analysis-fuzzer-seed=23" -split-input-file -o /dev/null
// RUN: mlir-opt %s -one-shot-bufferize="test-analysis-only analysis-fuzzer-seed=59" -split-input-file -o /dev/null
// RUN: mlir-opt %s -one-shot-bufferize="test-analysis-only analysis-fuzzer-seed=91" -split-input-file -o /dev/null

func.func private @some_op() -> index

func.func @buffer_not_deallocated(%t : tensor<?xf32>, %c : i1) -> tensor<?xf32> {
  %r = scf.if %c -> tensor<?xf32> {
    %sz = func.call @some_op() : () -> (index)
    %0 = bufferization.alloc_tensor(%sz) : tensor<?xf32>
    scf.yield %0 : tensor<?xf32>
  } else {
    scf.yield %t : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
















