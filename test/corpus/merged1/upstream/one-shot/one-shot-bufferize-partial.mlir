// From llvm/llvm-project, file
// mlir/test/Dialect/Bufferization/Transforms/one-shot-bufferize-partial.mlir
// at commit 2811a388560edd7c9bd7136c42a47371ac09d3f2.
// Part of the LLVM Project, under the Apache License v2.0 with LLVM
// Exceptions. See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Changed for the corpus (test/corpus/README.md): the FileCheck lines are
// removed; `"test.dummy_op"` and `"test.another_dummy_op"` (ops without
// memory-effect interface, which One-Shot Bufferize treats as unknown ops)
// are replaced by calls of external functions declared in each chunk, which
// it treats the same way. Tensor-level input: regenerate.sh bufferizes it
// (upstream-bufferized/) with the options of the first RUN line, given on the
// `corpus-bufferize:` line, less `allow-return-allocs`, an option MLIR 22 no
// longer has (returning new allocations is always allowed there).
//
// corpus-bufferize: --split-input-file --one-shot-bufferize=allow-unknown-ops

// RUN: mlir-opt %s -allow-unregistered-dialect -one-shot-bufferize="allow-return-allocs allow-unknown-ops" -split-input-file | FileCheck %s

// Test bufferization using memref types that have no layout map.
// RUN: mlir-opt %s -allow-unregistered-dialect -one-shot-bufferize="allow-return-allocs allow-unknown-ops unknown-type-conversion=identity-layout-map" -split-input-file | FileCheck %s --check-prefix=CHECK-NO-LAYOUT-MAP

// Run fuzzer with different seeds.
// RUN: mlir-opt %s -allow-unregistered-dialect -one-shot-bufferize="allow-return-allocs test-analysis-only analysis-fuzzer-seed=23" -split-input-file -o /dev/null
// RUN: mlir-opt %s -allow-unregistered-dialect -one-shot-bufferize="allow-return-allocs test-analysis-only analysis-fuzzer-seed=59" -split-input-file -o /dev/null
// RUN: mlir-opt %s -allow-unregistered-dialect -one-shot-bufferize="allow-return-allocs test-analysis-only analysis-fuzzer-seed=91" -split-input-file -o /dev/null

// RUN: mlir-opt %s -allow-unregistered-dialect -one-shot-bufferize="dialect-filter=tensor,bufferization allow-unknown-ops allow-return-allocs" -canonicalize -split-input-file | FileCheck %s --check-prefix=CHECK-TENSOR
// RUN: mlir-opt %s -allow-unregistered-dialect -one-shot-bufferize="dialect-filter=scf,bufferization allow-unknown-ops allow-return-allocs" -canonicalize -split-input-file | FileCheck %s --check-prefix=CHECK-SCF

func.func private @dummy_op(tensor<?xf32>) -> tensor<?xf32>

func.func @use_of_unknown_op_1(%t1: tensor<?xf32>)
    -> vector<5xf32> {
  // ToTensorOp is generated because the function is bufferized and has a
  // memref block argument.
  %0 = func.call @dummy_op(%t1) : (tensor<?xf32>) -> tensor<?xf32>

  %idx = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %1 = vector.transfer_read %0[%idx], %cst : tensor<?xf32>, vector<5xf32>
  return %1 : vector<5xf32>
}

// -----

func.func private @dummy_op(tensor<?xf32>) -> tensor<?xf32>
func.func private @another_dummy_op(tensor<?xf32>) -> tensor<?xf32>

func.func @use_of_unknown_op_2(%t1: tensor<?xf32>) -> tensor<?xf32> {
  %0 = func.call @dummy_op(%t1) : (tensor<?xf32>) -> tensor<?xf32>
  %1 = func.call @another_dummy_op(%0) : (tensor<?xf32>) -> tensor<?xf32>

  return %1 : tensor<?xf32>
}

// -----

func.func private @dummy_op(tensor<?xf32>) -> tensor<?xf32>

func.func @use_of_unknown_op_3(%t1: tensor<?xf32>)
    -> (vector<5xf32>, vector<5xf32>) {
  %idx = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %1 = vector.transfer_read %t1[%idx], %cst : tensor<?xf32>, vector<5xf32>

  %0 = func.call @dummy_op(%t1) : (tensor<?xf32>) -> tensor<?xf32>
  %2 = vector.transfer_read %0[%idx], %cst : tensor<?xf32>, vector<5xf32>

  return %1, %2 : vector<5xf32>, vector<5xf32>
}

// -----

func.func private @dummy_op(tensor<?xf32>) -> tensor<?xf32>
func.func private @another_dummy_op(tensor<?xf32>) -> tensor<?xf32>

func.func @use_of_unknown_op_4(%t1: tensor<?xf32>)
    -> (vector<5xf32>, tensor<?xf32>) {
  %idx = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32

  %0 = func.call @dummy_op(%t1) : (tensor<?xf32>) -> tensor<?xf32>

  %1 = vector.transfer_read %0[%idx], %cst : tensor<?xf32>, vector<5xf32>

  %2 = func.call @another_dummy_op(%0) : (tensor<?xf32>) -> tensor<?xf32>

  return %1, %2 : vector<5xf32>, tensor<?xf32>
}

// -----

func.func private @dummy_op(tensor<?xf32>) -> tensor<?xf32>

func.func @use_of_bufferizable_op_in_unbufferizable_op(
    %t1: tensor<?xf32>, %o: index, %s: index) -> (tensor<?xf32>, tensor<?xf32>) {
  // The op must alloc because "test.dummy" may bufferize to a memory write.
  %0 = tensor.extract_slice %t1[%o][%s][1] : tensor<?xf32> to tensor<?xf32>
  %1 = func.call @dummy_op(%0) : (tensor<?xf32>) -> tensor<?xf32>
  return %0, %1 : tensor<?xf32>, tensor<?xf32>
}

// -----

func.func private @dummy_op(tensor<?xf32>) -> ()

func.func @unused_unknown_op(%t1 : tensor<?xf32>) -> vector<5xf32> {
  %idx = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32

  %1 = vector.transfer_read %t1[%idx], %cst : tensor<?xf32>, vector<5xf32>

  func.call @dummy_op(%t1) : (tensor<?xf32>) -> ()

  return %1 : vector<5xf32>
}

// -----

func.func private @dummy_op(tensor<10xf32>) -> tensor<10xf32>

func.func @unknown_op_may_read(%v: vector<5xf32>)
    -> (tensor<10xf32>, tensor<10xf32>) {
  %idx = arith.constant 0 : index
  %cst = arith.constant 5.0 : f32

  // One alloc for the alloc_tensor, another one because the transfer_write
  // bufferizes out-of-place.
  %t1 = bufferization.alloc_tensor() : tensor<10xf32>
  %filled = linalg.fill ins(%cst : f32) outs(%t1 : tensor<10xf32>) -> tensor<10xf32>

  // The transfer_write is out-of-place because "dummy_op" may read.
  %1 = vector.transfer_write %v, %filled[%idx] : vector<5xf32>, tensor<10xf32>

  %2 = func.call @dummy_op(%filled) : (tensor<10xf32>) -> (tensor<10xf32>)

  return %1, %2 : tensor<10xf32>, tensor<10xf32>
}

// -----

func.func private @dummy_op(tensor<?xf32>) -> tensor<?xf32>

func.func @unknown_op_not_writable(
    %t1 : tensor<?xf32>, %v :  vector<5xf32>, %idx : index) -> tensor<?xf32> {
  %0 = func.call @dummy_op(%t1) : (tensor<?xf32>) -> (tensor<?xf32>)

  // The result of an unknown op is not writable. Always generate a copy.
  %1 = vector.transfer_write %v, %0[%idx] : vector<5xf32>, tensor<?xf32>

  return %1 : tensor<?xf32>
}

// -----

func.func @simple_tensor_test(%t1 : tensor<?xf32>, %f : f32) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.insert %f into %t1[%c0] : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @simple_scf_if(%t1: tensor<?xf32> {bufferization.writable = true}, %c: i1, %pos: index, %f: f32)
    -> (tensor<?xf32>, index) {
  %r1, %r2 = scf.if %c -> (tensor<?xf32>, index) {
    scf.yield %t1, %pos : tensor<?xf32>, index
  } else {
    %1 = tensor.insert %f into %t1[%pos] : tensor<?xf32>
    scf.yield %1, %pos : tensor<?xf32>, index
  }

  return %r1, %r2 : tensor<?xf32>, index
}
