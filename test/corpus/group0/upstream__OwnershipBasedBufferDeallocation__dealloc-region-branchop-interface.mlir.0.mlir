// From llvm/llvm-project, file
// mlir/test/Dialect/Bufferization/Transforms/OwnershipBasedBufferDeallocation/dealloc-region-branchop-interface.mlir
// at commit 0d6ccf0eaa6fc333acd6288ef40c9c7d8b307b38.
// Part of the LLVM Project, under the Apache License v2.0 with LLVM
// Exceptions. See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Changed for the corpus (test/corpus/README.md): the FileCheck lines are
// removed; test-dialect ops are replaced by upstream ops with the same memory
// effects:
// - `test.buffer_based in(%a) out(%b)`, `test.copy(%a, %b)` (read %a, write
//   %b): `memref.copy %a, %b`;
// - `test.region_buffer_based in(%a) out(%b) {...}` (reads %a, writes %b, a
//   region without RegionBranchOpInterface over scalars): `linalg.generic
//   ins(%a) outs(%b) {...}` with the same body;
// - `"test.read_buffer"(%m)` (reads %m): `memref.load %m[...]`;
// - `"test.side_effect_op"() {effects = [read]}` producing an i1: a call of
//   an external function `@read_condition` declared in the chunk (its
//   effects are unknown, which includes the read; neither allocates nor
//   frees).
// Left out: the chunks @inner_region_control_flow (`test.region_if`, whose
// three-region semantics no upstream op has) and the two
// @noRegionBranchOpInterface chunks (they test the test dialect's
// `test.one_region_with_recursive_memory_effects`).

// RUN: mlir-opt -allow-unregistered-dialect -verify-diagnostics -ownership-based-buffer-deallocation \
// RUN:  --buffer-deallocation-simplification -split-input-file %s | FileCheck %s
// RUN: mlir-opt -allow-unregistered-dialect -verify-diagnostics -ownership-based-buffer-deallocation=private-function-dynamic-ownership=true -split-input-file %s > /dev/null

// RUN: mlir-opt %s -buffer-deallocation-pipeline --split-input-file --verify-diagnostics > /dev/null

// Test Case: Nested regions - This test defines a BufferBasedOp inside the
// region of a RegionBufferBasedOp.
// BufferDeallocation expected behavior: The AllocOp for the BufferBasedOp
// should remain inside the region of the RegionBufferBasedOp and it should insert
// the missing DeallocOp in the same region. The missing DeallocOp should be
// inserted after CopyOp.

func.func @nested_regions_and_cond_branch(
  %arg0: i1,
  %arg1: memref<2xf32>,
  %arg2: memref<2xf32>) {
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg1 : memref<2xf32>)
^bb2:
  %0 = memref.alloc() : memref<2xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
    ins(%arg1 : memref<2xf32>) outs(%0 : memref<2xf32>) {
  ^bb0(%gen1_arg0: f32, %gen1_arg1: f32):
    %1 = memref.alloc() : memref<2xf32>
    memref.copy %arg1, %1 : memref<2xf32> to memref<2xf32>
    %tmp1 = math.exp %gen1_arg0 : f32
    linalg.yield %tmp1 : f32
  }
  cf.br ^bb3(%0 : memref<2xf32>)
^bb3(%1: memref<2xf32>):
  memref.copy %1, %arg2 : memref<2xf32> to memref<2xf32>
  return
}















































































































































































































































































































































































