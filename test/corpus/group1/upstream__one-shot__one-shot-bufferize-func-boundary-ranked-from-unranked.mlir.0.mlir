// From llvm/llvm-project, file
// mlir/test/Dialect/Bufferization/Transforms/one-shot-bufferize-func-boundary-ranked-from-unranked.mlir
// at commit 4c4ea9647e58b2fbba8a7beabaebadfbc7f4680f.
// Part of the LLVM Project, under the Apache License v2.0 with LLVM
// Exceptions. See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Changed for the corpus (test/corpus/README.md): the FileCheck lines are
// removed. Upstream marks the test `XFAIL` (MLIR returns the unranked memref
// where the CHECK lines want the ranked one); the IR bufferizes and verifies
// all the same. Tensor-level input: regenerate.sh bufferizes it
// (upstream-bufferized/) with the options of the RUN line, given on the
// `corpus-bufferize:` line.
//
// corpus-bufferize: --one-shot-bufferize=bufferize-function-boundaries

// RUN: mlir-opt %s -one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s
// XFAIL: *

module {
  func.func @foo(%arg0: tensor<64x20x40xf32>) -> tensor<64x20x40xf32> {
    %u = tensor.cast %arg0 : tensor<64x20x40xf32> to tensor<*xf32>
    %r = call @relu(%u) : (tensor<*xf32>) -> tensor<*xf32>
    %b = tensor.cast %r : tensor<*xf32> to tensor<64x20x40xf32>
    return %b : tensor<64x20x40xf32>
  }
  func.func private @relu(tensor<*xf32>) -> tensor<*xf32>
}
