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










































