// From llvm/llvm-project, file
// mlir/test/Dialect/Bufferization/Transforms/one-shot-bufferize-compat.mlir
// at commit 19eb77b92bd7d685359ade4c6ae8aa0a844b9b6f.
// Part of the LLVM Project, under the Apache License v2.0 with LLVM
// Exceptions. See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Changed for the corpus (test/corpus/README.md): the FileCheck lines are
// removed. Tensor-level input: regenerate.sh bufferizes it
// (upstream-bufferized/) with the options of the RUN lines, given on the
// `corpus-bufferize:` line, less `create-deallocs=0`, an option MLIR 22 no
// longer has (One-Shot Bufferize never inserts deallocations there), and runs
// the buffer-deallocation-pipeline on that, as the second RUN line does.
//
// corpus-bufferize: --split-input-file --one-shot-bufferize=allow-unknown-ops

// RUN: mlir-opt %s \
// RUN:     -one-shot-bufferize="allow-unknown-ops create-deallocs=0" \
// RUN:     -split-input-file | \
// RUN: FileCheck %s --check-prefix=CHECK-NODEALLOC

// RUN: mlir-opt %s \
// RUN:     -one-shot-bufferize="allow-unknown-ops create-deallocs=0" \
// RUN:     -buffer-deallocation-pipeline | \
// RUN: FileCheck %s --check-prefix=CHECK-BUFFERDEALLOC

func.func @out_of_place_bufferization(%t1 : tensor<?xf32>) -> (f32, f32) {
  %cst = arith.constant 0.0 : f32
  %idx = arith.constant 5 : index

  // This bufferizes out-of-place. An allocation + copy will be inserted.
  %0 = tensor.insert %cst into %t1[%idx] : tensor<?xf32>

  %1 = tensor.extract %t1[%idx] : tensor<?xf32>
  %2 = tensor.extract %0[%idx] : tensor<?xf32>
  return %1, %2 : f32, f32
}
