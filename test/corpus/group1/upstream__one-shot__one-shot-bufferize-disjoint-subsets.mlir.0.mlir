// From llvm/llvm-project, file
// mlir/test/Dialect/Bufferization/Transforms/one-shot-bufferize-disjoint-subsets.mlir
// at commit 758a23540698806c0f36ffbd7a979d312ceb7aa1.
// Part of the LLVM Project, under the Apache License v2.0 with LLVM
// Exceptions. See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Changed for the corpus (test/corpus/README.md): the FileCheck lines are
// removed. Tensor-level input: regenerate.sh bufferizes it
// (upstream-bufferized/) with the options of the first RUN line, given on the
// `corpus-bufferize:` line.
//
// corpus-bufferize: --split-input-file --one-shot-bufferize=bufferize-function-boundaries

// RUN: mlir-opt %s -one-shot-bufferize="bufferize-function-boundaries" -split-input-file | FileCheck %s
// RUN: mlir-opt %s -one-shot-bufferize="test-analysis-only bufferize-function-boundaries" -split-input-file | FileCheck %s --check-prefix=ANALYSIS
// RUN: mlir-opt %s -one-shot-bufferize="test-analysis-only analysis-heuristic=fuzzer analysis-fuzzer-seed=23 bufferize-function-boundaries" -split-input-file -o /dev/null
// RUN: mlir-opt %s -one-shot-bufferize="test-analysis-only analysis-heuristic=fuzzer analysis-fuzzer-seed=59 bufferize-function-boundaries" -split-input-file -o /dev/null
// RUN: mlir-opt %s -one-shot-bufferize="test-analysis-only analysis-heuristic=fuzzer analysis-fuzzer-seed=91 bufferize-function-boundaries" -split-input-file -o /dev/null

// The inner extraction cannot be compared directly with the insertion. The
// outer extraction still bounds the read and is disjoint from the insertion.

func.func @nested_read(
    %t: tensor<8xf32> {bufferization.writable = true}, %s: tensor<4xf32>)
    -> (tensor<8xf32>, tensor<2xf32>) {
  %written = tensor.insert_slice %s into %t[0][4][1]
      : tensor<4xf32> into tensor<8xf32>
  %outer = tensor.extract_slice %t[4][4][1]
      : tensor<8xf32> to tensor<4xf32>
  %inner = tensor.extract_slice %outer[0][2][1]
      : tensor<4xf32> to tensor<2xf32>
  return %written, %inner : tensor<8xf32>, tensor<2xf32>
}

























































































































































