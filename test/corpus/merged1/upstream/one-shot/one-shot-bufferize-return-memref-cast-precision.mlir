// From llvm/llvm-project, file
// mlir/test/Dialect/Bufferization/Transforms/one-shot-bufferize-return-memref-cast-precision.mlir
// at commit eb4e5662b5167230222b8ad030badd09ba9d69c7.
// Part of the LLVM Project, under the Apache License v2.0 with LLVM
// Exceptions. See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Changed for the corpus (test/corpus/README.md): the FileCheck lines are
// removed. Tensor-level input: regenerate.sh bufferizes it
// (upstream-bufferized/) with the options of the RUN line, given on the
// `corpus-bufferize:` line.
//
// corpus-bufferize: --one-shot-bufferize=bufferize-function-boundaries

// RUN: mlir-opt -one-shot-bufferize="bufferize-function-boundaries" %s | FileCheck %s


// Test that foldMemRefCasts does not drop a precision-gaining return cast from
// unranked to ranked shape.
func.func private @callee() -> tensor<*xf32>

func.func @test_keep_ranked_return() -> tensor<8xf32> {
  %0 = func.call @callee() : () -> tensor<*xf32>
  %1 = tensor.cast %0 : tensor<*xf32> to tensor<8xf32>
  return %1 : tensor<8xf32>
}

// Test that foldMemRefCasts does not drop a precision-gaining return cast from
// dynamic to static shape.
func.func private @callee_dynamic_shape() -> tensor<?xf32>

func.func @test_keep_static_shape_return() -> tensor<8xf32> {
  %0 = func.call @callee_dynamic_shape() : () -> tensor<?xf32>
  %1 = tensor.cast %0 : tensor<?xf32> to tensor<8xf32>
  return %1 : tensor<8xf32>
}

// Test current bufferization behavior for a tensor with layout annotation.
// This input does not currently produce a return memref.cast; the result stays
// in the strided memref form.

#src_layout = affine_map<(d0) -> (d0)>

func.func private @callee_layout() -> tensor<8xf32, #src_layout>

func.func @test_layout_return() -> tensor<8xf32> {
  %0 = func.call @callee_layout() : () -> tensor<8xf32, #src_layout>
  %1 = tensor.cast %0 : tensor<8xf32, #src_layout> to tensor<8xf32>
  return %1 : tensor<8xf32>
}
