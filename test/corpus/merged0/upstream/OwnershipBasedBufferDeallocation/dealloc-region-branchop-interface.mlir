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

// -----

// Test Case: nested region control flow
// The alloc %1 flows through both if branches until it is finally returned.
// Hence, it does not require a specific dealloc operation. However, %3
// requires a dealloc.

func.func @nested_region_control_flow(
  %arg0 : index,
  %arg1 : index) -> memref<?x?xf32> {
  %0 = arith.cmpi eq, %arg0, %arg1 : index
  %1 = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
  %2 = scf.if %0 -> (memref<?x?xf32>) {
    scf.yield %1 : memref<?x?xf32>
  } else {
    %3 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
    %c0 = arith.constant 0 : index
    %v = memref.load %3[%c0, %c0] : memref<?x?xf32>
    scf.yield %1 : memref<?x?xf32>
  }
  return %2 : memref<?x?xf32>
}

// -----

// Test Case: nested region control flow with a nested buffer allocation in a
// divergent branch.
// Buffer deallocation places a copy for both  %1 and %3, since they are
// returned in the end.

func.func @nested_region_control_flow_div(
  %arg0 : index,
  %arg1 : index) -> memref<?x?xf32> {
  %0 = arith.cmpi eq, %arg0, %arg1 : index
  %1 = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
  %2 = scf.if %0 -> (memref<?x?xf32>) {
    scf.yield %1 : memref<?x?xf32>
  } else {
    %3 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
    scf.yield %3 : memref<?x?xf32>
  }
  return %2 : memref<?x?xf32>
}

// -----

func.func @nestedRegionsAndCondBranchAlloca(
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
    %1 = memref.alloca() : memref<2xf32>
    memref.copy %arg1, %1 : memref<2xf32> to memref<2xf32>
    %tmp1 = math.exp %gen1_arg0 : f32
    linalg.yield %tmp1 : f32
  }
  cf.br ^bb3(%0 : memref<2xf32>)
^bb3(%1: memref<2xf32>):
  memref.copy %1, %arg2 : memref<2xf32> to memref<2xf32>
  return
}

// -----

func.func @nestedRegionControlFlowAlloca(
  %arg0 : index, %arg1 : index, %arg2: f32) -> memref<?x?xf32> {
  %0 = arith.cmpi eq, %arg0, %arg1 : index
  %1 = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
  %2 = scf.if %0 -> (memref<?x?xf32>) {
    scf.yield %1 : memref<?x?xf32>
  } else {
    %3 = memref.alloca(%arg0, %arg1) : memref<?x?xf32>
    %c0 = arith.constant 0 : index
    memref.store %arg2, %3[%c0, %c0] : memref<?x?xf32>
    scf.yield %1 : memref<?x?xf32>
  }
  return %2 : memref<?x?xf32>
}

// -----

// Test Case: structured control-flow loop using a nested alloc.
// The iteration argument %iterBuf has to be freed before yielding %3 to avoid
// memory leaks.

func.func @loop_alloc(
  %lb: index,
  %ub: index,
  %step: index,
  %buf: memref<2xf32>,
  %res: memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %0[%c0] : memref<2xf32>
  %1 = scf.for %i = %lb to %ub step %step
    iter_args(%iterBuf = %buf) -> memref<2xf32> {
    %2 = arith.cmpi eq, %i, %ub : index
    %3 = memref.alloc() : memref<2xf32>
    scf.yield %3 : memref<2xf32>
  }
  memref.copy %1, %res : memref<2xf32> to memref<2xf32>
  return
}

// -----

// Test Case: structured control-flow loop with a nested if operation.
// The loop yields buffers that have been defined outside of the loop and the
// backedges only use the iteration arguments (or one of its aliases).
// Therefore, we do not have to (and are not allowed to) free any buffers
// that are passed via the backedges.

func.func @loop_nested_if_no_alloc(
  %lb: index,
  %ub: index,
  %step: index,
  %buf: memref<2xf32>,
  %res: memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>
  %1 = scf.for %i = %lb to %ub step %step
    iter_args(%iterBuf = %buf) -> memref<2xf32> {
    %2 = arith.cmpi eq, %i, %ub : index
    %3 = scf.if %2 -> (memref<2xf32>) {
      scf.yield %0 : memref<2xf32>
    } else {
      scf.yield %iterBuf : memref<2xf32>
    }
    scf.yield %3 : memref<2xf32>
  }
  memref.copy %1, %res : memref<2xf32> to memref<2xf32>
  return
}

// TODO: we know statically that the inner dealloc will never deallocate
//       anything, i.e., we can optimize it away

// -----

// Test Case: structured control-flow loop with a nested if operation using
// a deeply nested buffer allocation.

func.func @loop_nested_if_alloc(
  %lb: index,
  %ub: index,
  %step: index,
  %buf: memref<2xf32>) -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32>
  %1 = scf.for %i = %lb to %ub step %step
    iter_args(%iterBuf = %buf) -> memref<2xf32> {
    %2 = arith.cmpi eq, %i, %ub : index
    %3 = scf.if %2 -> (memref<2xf32>) {
      %4 = memref.alloc() : memref<2xf32>
      scf.yield %4 : memref<2xf32>
    } else {
      scf.yield %0 : memref<2xf32>
    }
    scf.yield %3 : memref<2xf32>
  }
  return %1 : memref<2xf32>
}

// -----

// Test Case: several nested structured control-flow loops with a deeply nested
// buffer allocation inside an if operation.

func.func @loop_nested_alloc(
  %lb: index,
  %ub: index,
  %step: index,
  %buf: memref<2xf32>,
  %res: memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>
  %c0 = arith.constant 0 : index
  %v0 = memref.load %0[%c0] : memref<2xf32>
  %1 = scf.for %i = %lb to %ub step %step
    iter_args(%iterBuf = %buf) -> memref<2xf32> {
    %2 = scf.for %i2 = %lb to %ub step %step
      iter_args(%iterBuf2 = %iterBuf) -> memref<2xf32> {
      %3 = scf.for %i3 = %lb to %ub step %step
        iter_args(%iterBuf3 = %iterBuf2) -> memref<2xf32> {
        %4 = memref.alloc() : memref<2xf32>
        %v4 = memref.load %4[%c0] : memref<2xf32>
        %5 = arith.cmpi eq, %i, %ub : index
        %6 = scf.if %5 -> (memref<2xf32>) {
          %7 = memref.alloc() : memref<2xf32>
          scf.yield %7 : memref<2xf32>
        } else {
          scf.yield %iterBuf3 : memref<2xf32>
        }
        scf.yield %6 : memref<2xf32>
      }
      scf.yield %3 : memref<2xf32>
    }
    scf.yield %2 : memref<2xf32>
  }
  memref.copy %1, %res : memref<2xf32> to memref<2xf32>
  return
}

// TODO: all the retain operands could be removed by doing some more thorough analysis

// -----

func.func @affine_loop() -> f32 {
  %buffer = memref.alloc() : memref<1024xf32>
  %sum_init_0 = arith.constant 0.0 : f32
  %res = affine.for %i = 0 to 10 step 2 iter_args(%sum_iter = %sum_init_0) -> f32 {
    %t = affine.load %buffer[%i] : memref<1024xf32>
    %sum_next = arith.addf %sum_iter, %t : f32
    affine.yield %sum_next : f32
  }
  return %res : f32
}

// -----

func.func @assumingOp(
  %arg0: !shape.witness,
  %arg2: memref<2xf32>,
  %arg3: memref<2xf32>) {
  // Confirm the alloc will be dealloc'ed in the block.
  %1 = shape.assuming %arg0 -> memref<2xf32> {
    %0 = memref.alloc() : memref<2xf32>
    %c0 = arith.constant 0 : index
    %v = memref.load %0[%c0] : memref<2xf32>
    shape.assuming_yield %arg2 : memref<2xf32>
  }
  // Confirm the alloc will be returned and dealloc'ed after its use.
  %3 = shape.assuming %arg0 -> memref<2xf32> {
    %2 = memref.alloc() : memref<2xf32>
    shape.assuming_yield %2 : memref<2xf32>
  }
  memref.copy %3, %arg3 : memref<2xf32> to memref<2xf32>
  return
}

// -----

func.func private @read_condition() -> i1

func.func @while_two_arg(%arg0: index) {
  %a = memref.alloc(%arg0) : memref<?xf32>
  scf.while (%arg1 = %a, %arg2 = %a) : (memref<?xf32>, memref<?xf32>) -> (memref<?xf32>, memref<?xf32>) {
    // This op has a side effect, but it's not an allocate/free side effect.
    %0 = func.call @read_condition() : () -> i1
    scf.condition(%0) %arg1, %arg2 : memref<?xf32>, memref<?xf32>
  } do {
  ^bb0(%arg1: memref<?xf32>, %arg2: memref<?xf32>):
    %b = memref.alloc(%arg0) : memref<?xf32>
    scf.yield %arg1, %b : memref<?xf32>, memref<?xf32>
  }
  return
}

// -----

func.func private @read_condition() -> i1

func.func @while_three_arg(%arg0: index) {
  %a = memref.alloc(%arg0) : memref<?xf32>
  scf.while (%arg1 = %a, %arg2 = %a, %arg3 = %a) : (memref<?xf32>, memref<?xf32>, memref<?xf32>) -> (memref<?xf32>, memref<?xf32>, memref<?xf32>) {
    // This op has a side effect, but it's not an allocate/free side effect.
    %0 = func.call @read_condition() : () -> i1
    scf.condition(%0) %arg1, %arg2, %arg3 : memref<?xf32>, memref<?xf32>, memref<?xf32>
  } do {
  ^bb0(%arg1: memref<?xf32>, %arg2: memref<?xf32>, %arg3: memref<?xf32>):
    %b = memref.alloc(%arg0) : memref<?xf32>
    %q = memref.alloc(%arg0) : memref<?xf32>
    scf.yield %q, %b, %arg2: memref<?xf32>, memref<?xf32>, memref<?xf32>
  }
  return
}

// TODO: better alias analysis could simplify the dealloc inside the body further

// -----

// Memref allocated in `then` region and passed back to the parent if op.
#set = affine_set<() : (0 >= 0)>
func.func @test_affine_if_1(%arg0: memref<10xf32>) -> memref<10xf32> {
  %0 = affine.if #set() -> memref<10xf32> {
    %alloc = memref.alloc() : memref<10xf32>
    affine.yield %alloc : memref<10xf32>
  } else {
    affine.yield %arg0 : memref<10xf32>
  }
  return %0 : memref<10xf32>
}

// TODO: the dealloc could be optimized away since the memref to be deallocated
//       either aliases with V1 or the condition is false

// -----

// Memref allocated before parent IfOp and used in `then` region.
// Expected result: deallocation should happen after affine.if op.
#set = affine_set<() : (0 >= 0)>
func.func @test_affine_if_2() -> memref<10xf32> {
  %alloc0 = memref.alloc() : memref<10xf32>
  %0 = affine.if #set() -> memref<10xf32> {
    affine.yield %alloc0 : memref<10xf32>
  } else {
    %alloc = memref.alloc() : memref<10xf32>
    affine.yield %alloc : memref<10xf32>
  }
  return %0 : memref<10xf32>
}

// -----

// Memref allocated before parent IfOp and used in `else` region.
// Expected result: deallocation should happen after affine.if op.
#set = affine_set<() : (0 >= 0)>
func.func @test_affine_if_3() -> memref<10xf32> {
  %alloc0 = memref.alloc() : memref<10xf32>
  %0 = affine.if #set() -> memref<10xf32> {
    %alloc = memref.alloc() : memref<10xf32>
    affine.yield %alloc : memref<10xf32>
  } else {
    affine.yield %alloc0 : memref<10xf32>
  }
  return %0 : memref<10xf32>
}
// Expected error/warning findings of test/corpus/upstream/OwnershipBasedBufferDeallocation/dealloc-region-branchop-interface.mlir (absolute
// lines), each with why it is true; see test/corpus/README.md.

// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@356 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %0, %0 or its clone at run time [BL203]}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@375 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %alloc0, %0, %0 or its clone at run time [BL203]}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@391 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %alloc0, %0, %0 or its clone at run time [BL203]}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@103 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %1, %2, %2 or its clone at run time [BL203]}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@196 {{ownership is unknown at the end of ^bb0 (in scf.for): the deallocation pipeline compares the base pointers of %iterBuf, %0 or %iterBuf at run time [BL203]}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@199 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %0, %1 at run time [BL203]}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@225 {{ownership is unknown at the end of ^bb0 (in scf.for): the deallocation pipeline compares the base pointers of %iterBuf, %3 at run time [BL203]}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@227 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %0, %1, %1 or its clone at run time [BL203]}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@259 {{ownership is unknown at the end of ^bb0 (in scf.for): the deallocation pipeline compares the base pointers of %iterBuf3, %6 at run time [BL203]}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@261 {{ownership is unknown at the end of ^bb0 (in scf.for): the deallocation pipeline compares the base pointers of %iterBuf2, %3 at run time [BL203]}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@263 {{ownership is unknown at the end of ^bb0 (in scf.for): the deallocation pipeline compares the base pointers of %iterBuf, %2 at run time [BL203]}}
