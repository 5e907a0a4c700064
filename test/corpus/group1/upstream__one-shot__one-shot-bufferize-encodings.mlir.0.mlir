// From llvm/llvm-project, file
// mlir/test/Dialect/Bufferization/Transforms/one-shot-bufferize-encodings.mlir
// at commit 240d4f002281ccf1fa1b2d1700eef3b8d7f20ab8.
// Part of the LLVM Project, under the Apache License v2.0 with LLVM
// Exceptions. See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Changed for the corpus (test/corpus/README.md): the FileCheck lines are
// removed. Tensor-level input: regenerate.sh bufferizes it
// (upstream-bufferized/) with the options of the RUN line, given on the
// `corpus-bufferize:` line.
//
// corpus-bufferize: --split-input-file --one-shot-bufferize=use-encoding-for-memory-space

// RUN: mlir-opt %s -one-shot-bufferize="use-encoding-for-memory-space" -split-input-file | FileCheck %s

func.func @alloc_tesor_with_space_no_encoding() -> tensor<128xf32> {
  %0 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<128xf32>
  return %0 : tensor<128xf32>
}

















































