// From llvm/llvm-project, file
// mlir/test/Dialect/Bufferization/Transforms/one-shot-bufferize-empty-tensor-elimination.mlir
// at commit 052969e5f11a7b1fcdf3872840e7c9d2cecf6cef.
// Part of the LLVM Project, under the Apache License v2.0 with LLVM
// Exceptions. See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Changed for the corpus (test/corpus/README.md): the FileCheck lines are
// removed; in the last chunk, `"test.foo"` and `"test.bar"` (ops without
// memory-effect interface producing an index) are replaced by calls of
// external functions declared in the chunk. Left out: the chunk of
// @shape_mismatch, whose `tensor.expand_shape` lacks the `output_shape` MLIR
// 22 requires (it does not parse). Tensor-level input: regenerate.sh
// bufferizes it (upstream-bufferized/) with the passes of the RUN line, given
// on the `corpus-bufferize:` line.
//
// corpus-bufferize: --split-input-file --eliminate-empty-tensors --empty-tensor-to-alloc-tensor --one-shot-bufferize=bufferize-function-boundaries --cse --canonicalize

// RUN: mlir-opt %s -eliminate-empty-tensors -empty-tensor-to-alloc-tensor -one-shot-bufferize="bufferize-function-boundaries" -cse -canonicalize -split-input-file | FileCheck %s

func.func @buffer_forwarding_conflict(
  %t: tensor<?xf32> {bufferization.buffer_layout = affine_map<(d0) -> (d0)>, bufferization.writable = true},
  %sz: index)
    -> (tensor<?xf32>, tensor<?xf32>)
{
  %f0 = arith.constant 0.0: f32

  // Alloc is needed for the **first** insert_slice (due to backward traversal during analysis).
  // This allocs the whole dim to allow for a full clone of t.
  // tensor.empty itself does not alloc but forwards to the **second**
  // insert_slice. The pass replaces the tensor.empty with an out-of-place
  // extract_slice.
  %a = tensor.empty(%sz) : tensor<?xf32>
  %f = linalg.fill ins(%f0 : f32) outs(%a : tensor<?xf32>) -> tensor<?xf32>

  %r0 = tensor.insert_slice %f into %t[0][%sz][1]: tensor<?xf32> into tensor<?xf32>

  %r1 = tensor.insert_slice %f into %t[42][%sz][1]: tensor<?xf32> into tensor<?xf32>

  return %r0, %r1: tensor<?xf32>, tensor<?xf32>
}


































































































































































































