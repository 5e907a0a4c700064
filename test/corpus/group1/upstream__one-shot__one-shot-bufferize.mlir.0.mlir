// From llvm/llvm-project, file
// mlir/test/Dialect/Bufferization/Transforms/one-shot-bufferize.mlir
// at commit 0567844be70f2b3eb7943c45c1a70e3fc2d49564.
// Part of the LLVM Project, under the Apache License v2.0 with LLVM
// Exceptions. See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Changed for the corpus (test/corpus/README.md): the FileCheck lines are
// removed; in @read_after_write_conflict, `"test.dummy_op"` and
// `"test.some_use"` (ops without memory-effect interface, which One-Shot
// Bufferize treats as unknown ops) are replaced by calls of external
// functions declared in the chunk, which it treats the same way. Left out:
// the last two chunks (@materialize_in_func_bbarg, @materialize_in_dest_raw),
// which upstream expects to fail to bufferize (`expected-error`). Tensor-level
// input: regenerate.sh bufferizes it (upstream-bufferized/) with the options
// of the first RUN line, given on the `corpus-bufferize:` line.
//
// corpus-bufferize: --split-input-file --one-shot-bufferize=allow-unknown-ops

// RUN: mlir-opt %s -one-shot-bufferize="allow-unknown-ops" -verify-diagnostics -split-input-file | FileCheck %s

// Run fuzzer with different seeds.
// RUN: mlir-opt %s -one-shot-bufferize="test-analysis-only analysis-fuzzer-seed=23" -verify-diagnostics -split-input-file -o /dev/null
// RUN: mlir-opt %s -one-shot-bufferize="test-analysis-only analysis-fuzzer-seed=59" -verify-diagnostics -split-input-file -o /dev/null
// RUN: mlir-opt %s -one-shot-bufferize="test-analysis-only analysis-fuzzer-seed=91" -verify-diagnostics -split-input-file -o /dev/null

// Run with top-down analysis.
// RUN: mlir-opt %s -one-shot-bufferize="allow-unknown-ops analysis-heuristic=top-down" -verify-diagnostics -split-input-file | FileCheck %s --check-prefix=CHECK-TOP-DOWN-ANALYSIS

// Test without analysis: Insert a copy on every buffer write.
// RUN: mlir-opt %s -allow-unregistered-dialect -one-shot-bufferize="allow-unknown-ops copy-before-write" -split-input-file | FileCheck %s --check-prefix=CHECK-COPY-BEFORE-WRITE

func.func @no_conflict(%fill: f32, %f: f32, %idx: index) -> tensor<3xf32> {
  %t = tensor.from_elements %fill, %fill, %fill : tensor<3xf32>
  %i = tensor.insert %f into %t[%idx] : tensor<3xf32>
  return %i : tensor<3xf32>
}





































































































































