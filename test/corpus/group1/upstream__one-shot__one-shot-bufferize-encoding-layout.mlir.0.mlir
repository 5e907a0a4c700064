// From llvm/llvm-project, file
// mlir/test/Dialect/Bufferization/Transforms/one-shot-bufferize-encoding-layout.mlir
// at commit 9b87d037b24c8ab2561d1a46df57c1868075aacd.
// Part of the LLVM Project, under the Apache License v2.0 with LLVM
// Exceptions. See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Changed for the corpus (test/corpus/README.md): the FileCheck lines are
// removed; `"test.dummy_op"` (an op without memory-effect interface, which
// One-Shot Bufferize treats as an unknown op) is replaced by a call of an
// external function declared in the chunk (with function boundaries
// bufferized, the call takes and returns a buffer instead of being bracketed
// by to_tensor/to_buffer).
// Tensor-level input: regenerate.sh bufferizes it (upstream-bufferized/) with
// the options of the first RUN line, given on the `corpus-bufferize:` line.
//
// corpus-bufferize: --split-input-file '--one-shot-bufferize=bufferize-function-boundaries=1 allow-unknown-ops'

// Default: function-boundary-type-conversion=infer-layout-map.
// RUN: mlir-opt %s -one-shot-bufferize="bufferize-function-boundaries=1 allow-unknown-ops" -split-input-file | FileCheck %s

// The tensor encoding implements `MemRefLayoutAttrInterface`, so it wins over
// the requested layout option and the resulting memref uses the encoding.
// RUN: mlir-opt %s -one-shot-bufferize="bufferize-function-boundaries=1 allow-unknown-ops function-boundary-type-conversion=identity-layout-map unknown-type-conversion=identity-layout-map" -split-input-file | FileCheck %s
// RUN: mlir-opt %s -one-shot-bufferize="bufferize-function-boundaries=1 allow-unknown-ops function-boundary-type-conversion=fully-dynamic-layout-map unknown-type-conversion=fully-dynamic-layout-map" -split-input-file | FileCheck %s

// Exercises the `tensorEncodingToMemRefLayoutFn` hook on the three
// tensor-to-memref paths that do not delegate to an op-specific
// `BufferizableOpInterface::getBufferType`:
//   * function-boundary conversion (arg + result),
//   * `bufferization.alloc_tensor`,
//   * unknown-type fallback (unknown op result).

#transpose = affine_map<(d0, d1) -> (d1, d0)>

func.func @encoding_layout_function_boundary(
    %arg0: tensor<4x4xf32, #transpose>) -> tensor<4x4xf32, #transpose> {
  return %arg0 : tensor<4x4xf32, #transpose>
}





































