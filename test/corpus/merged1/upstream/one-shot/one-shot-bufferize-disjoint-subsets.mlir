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

// -----

// The same containment reasoning applies on the write side.

func.func @nested_write(
    %t: tensor<8xf32> {bufferization.writable = true}, %value: f32)
    -> (tensor<2xf32>, tensor<4xf32>) {
  %outer = tensor.extract_slice %t[0][4][1]
      : tensor<8xf32> to tensor<4xf32>
  %inner = tensor.extract_slice %outer[0][2][1]
      : tensor<4xf32> to tensor<2xf32>
  %rhs = tensor.extract_slice %t[4][4][1]
      : tensor<8xf32> to tensor<4xf32>
  %written = linalg.fill ins(%value : f32) outs(%inner : tensor<2xf32>)
      -> tensor<2xf32>
  return %written, %rhs : tensor<2xf32>, tensor<4xf32>
}

// -----

// Neither the inner nor outer bound proves disjointness in this case.

func.func @nested_overlap(
    %t: tensor<8xf32> {bufferization.writable = true}, %value: f32)
    -> (tensor<2xf32>, tensor<4xf32>) {
  %outer = tensor.extract_slice %t[0][4][1]
      : tensor<8xf32> to tensor<4xf32>
  %inner = tensor.extract_slice %outer[0][2][1]
      : tensor<4xf32> to tensor<2xf32>
  %rhs = tensor.extract_slice %t[1][4][1]
      : tensor<8xf32> to tensor<4xf32>
  %written = linalg.fill ins(%value : f32) outs(%inner : tensor<2xf32>)
      -> tensor<2xf32>
  return %written, %rhs : tensor<2xf32>, tensor<4xf32>
}

// -----

// In iteration i the write to t[i] and read from t[i-1] are disjoint, but the
// read must not observe the write from iteration i-1. The fill needs a private
// buffer; tensor SSA semantics keep the original t unchanged across iterations.

func.func @cross_iteration_fill(
    %t: tensor<4xf32> {bufferization.writable = true}) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %value = arith.constant 100.0 : f32
  %result = scf.for %i = %c1 to %c4 step %c1
      iter_args(%sum = %zero) -> f32 {
    %prev = arith.subi %i, %c1 : index
    %lhs = tensor.extract_slice %t[%i][1][1]
        : tensor<4xf32> to tensor<1xf32>
    %rhs = tensor.extract_slice %t[%prev][1][1]
        : tensor<4xf32> to tensor<1xf32>
    %written = linalg.fill ins(%value : f32) outs(%lhs : tensor<1xf32>)
        -> tensor<1xf32>
    %new = tensor.extract %written[%c0] : tensor<1xf32>
    %old = tensor.extract %rhs[%c0] : tensor<1xf32>
    %pair = arith.addf %new, %old : f32
    %next = arith.addf %sum, %pair : f32
    scf.yield %next : f32
  }
  return %result : f32
}

// -----

// Exact insertion subsets must obey the same cross-iteration restriction.

func.func @cross_iteration_insert(
    %t: tensor<4xf32> {bufferization.writable = true}, %s: tensor<1xf32>)
    -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %result = scf.for %i = %c1 to %c4 step %c1
      iter_args(%sum = %zero) -> f32 {
    %prev = arith.subi %i, %c1 : index
    %written = tensor.insert_slice %s into %t[%i][1][1]
        : tensor<1xf32> into tensor<4xf32>
    %rhs = tensor.extract_slice %t[%prev][1][1]
        : tensor<4xf32> to tensor<1xf32>
    %new = tensor.extract %written[%i] : tensor<4xf32>
    %old = tensor.extract %rhs[%c0] : tensor<1xf32>
    %pair = arith.addf %new, %old : f32
    %next = arith.addf %sum, %pair : f32
    scf.yield %next : f32
  }
  return %result : f32
}

// -----

// Unstructured loops have the same cross-iteration hazard.

func.func @cross_iteration_cfg(
    %t: tensor<4xf32> {bufferization.writable = true}) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %value = arith.constant 100.0 : f32
  cf.br ^loop(%c1, %zero : index, f32)
^loop(%i: index, %sum: f32):
  %prev = arith.subi %i, %c1 : index
  %lhs = tensor.extract_slice %t[%i][1][1]
      : tensor<4xf32> to tensor<1xf32>
  %rhs = tensor.extract_slice %t[%prev][1][1]
      : tensor<4xf32> to tensor<1xf32>
  %written = linalg.fill ins(%value : f32) outs(%lhs : tensor<1xf32>)
      -> tensor<1xf32>
  %new = tensor.extract %written[%c0] : tensor<1xf32>
  %old = tensor.extract %rhs[%c0] : tensor<1xf32>
  %pair = arith.addf %new, %old : f32
  %next = arith.addf %sum, %pair : f32
  %next_i = arith.addi %i, %c1 : index
  %continue = arith.cmpi ult, %next_i, %c4 : index
  cf.cond_br %continue, ^loop(%next_i, %next : index, f32), ^exit(%next : f32)
^exit(%result: f32):
  return %result : f32
}

// -----

// A fresh definition in each iteration resets the read/write sequence. Merely
// being inside a loop must not disable the disjoint-subset optimization.

func.func @fresh_definition_in_loop(%value: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %result = scf.for %i = %c1 to %c4 step %c1
      iter_args(%sum = %zero) -> f32 {
    %t = tensor.from_elements %value, %value, %value, %value : tensor<4xf32>
    %lhs = tensor.extract_slice %t[0][2][1]
        : tensor<4xf32> to tensor<2xf32>
    %rhs = tensor.extract_slice %t[2][2][1]
        : tensor<4xf32> to tensor<2xf32>
    %written = linalg.fill ins(%zero : f32) outs(%lhs : tensor<2xf32>)
        -> tensor<2xf32>
    %new = tensor.extract %written[%c0] : tensor<2xf32>
    %old = tensor.extract %rhs[%c0] : tensor<2xf32>
    %pair = arith.addf %new, %old : f32
    %next = arith.addf %sum, %pair : f32
    scf.yield %next : f32
  }
  return %result : f32
}
