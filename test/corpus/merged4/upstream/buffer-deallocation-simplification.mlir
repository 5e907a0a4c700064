// From llvm/llvm-project, file
// mlir/test/Dialect/Bufferization/Transforms/buffer-deallocation-simplification.mlir
// at commit 06887db22dc3ef6df6d76cb675c246401811b53c.
// Part of the LLVM Project, under the Apache License v2.0 with LLVM
// Exceptions. See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Changed for the corpus (test/corpus/README.md): the FileCheck lines are
// removed. No test-dialect ops. MLIR 22's verifier rejects the stored
// version's `memref.subview %arg0[1][1][1] : memref<2xi32> to
// memref<1xi32, strided<[1]>>` (the result's offset is 1): that type is
// written `memref<1xi32, strided<[1], offset: 1>>` here, twice.

// RUN: mlir-opt %s --buffer-deallocation-simplification --split-input-file | FileCheck %s

func.func @dealloc_deallocated_in_retained(%arg0: memref<2xi32>, %arg1: i1, %arg2: memref<2xi32>, %arg3: i1) -> (i1, i1, i1, i1, i1, i1, i1) {
  %0 = bufferization.dealloc (%arg0 : memref<2xi32>) if (%arg1) retain (%arg0 : memref<2xi32>)
  %1 = bufferization.dealloc (%arg0, %arg2 : memref<2xi32>, memref<2xi32>) if (%arg1, %arg1) retain (%arg0 : memref<2xi32>)
  %2:2 = bufferization.dealloc (%arg0 : memref<2xi32>) if (%arg1) retain (%arg0, %arg2 : memref<2xi32>, memref<2xi32>)
  // multiple must-alias
  %3 = memref.subview %arg0[0][1][1] : memref<2xi32> to memref<i32>
  %4 = memref.subview %arg0[1][1][1] : memref<2xi32> to memref<1xi32, strided<[1], offset: 1>>
  %alloc = memref.alloc() : memref<2xi32>
  %5:3 = bufferization.dealloc (%arg0, %4 : memref<2xi32>, memref<1xi32, strided<[1], offset: 1>>) if (%arg1, %arg3) retain (%arg0, %alloc, %3 : memref<2xi32>, memref<2xi32>, memref<i32>)
  return %0, %1, %2#0, %2#1, %5#0, %5#1, %5#2 : i1, i1, i1, i1, i1, i1, i1
}

// -----

func.func @dealloc_deallocated_in_retained_extract_base_memref(%arg0: memref<2xi32>, %arg1: i1, %arg2: memref<2xi32>, %arg3: i1) -> (i1, i1, i1, i1, i1, i1, i1) {
  %base_buffer, %offset, %size, %stride = memref.extract_strided_metadata %arg0 : memref<2xi32> -> memref<i32>, index, index, index
  %base_buffer0, %offset0, %size0, %stride0 = memref.extract_strided_metadata %arg2 : memref<2xi32> -> memref<i32>, index, index, index
  %0 = bufferization.dealloc (%base_buffer : memref<i32>) if (%arg1) retain (%arg0 : memref<2xi32>)
  %1 = bufferization.dealloc (%base_buffer, %base_buffer0 : memref<i32>, memref<i32>) if (%arg1, %arg1) retain (%arg0 : memref<2xi32>)
  %2:2 = bufferization.dealloc (%base_buffer : memref<i32>) if (%arg1) retain (%arg0, %arg2 : memref<2xi32>, memref<2xi32>)
  // multiple must-alias
  %3 = memref.subview %arg0[0][1][1] : memref<2xi32> to memref<i32>
  %4 = memref.subview %arg0[1][1][1] : memref<2xi32> to memref<1xi32, strided<[1], offset: 1>>
  %alloc = memref.alloc() : memref<2xi32>
  %5:3 = bufferization.dealloc (%base_buffer, %4 : memref<i32>, memref<1xi32, strided<[1], offset: 1>>) if (%arg1, %arg3) retain (%arg0, %alloc, %3 : memref<2xi32>, memref<2xi32>, memref<i32>)
  return %0, %1, %2#0, %2#1, %5#0, %5#1, %5#2 : i1, i1, i1, i1, i1, i1, i1
}

// -----

func.func @remove_retained_memrefs_guarateed_to_not_alias(%arg0: i1, %arg1: memref<2xi32>) -> (i1, i1, memref<2xi32>) {
  %alloc = memref.alloc() : memref<2xi32>
  %alloc0 = memref.alloc() : memref<2xi32>
  %0:2 = bufferization.dealloc (%alloc : memref<2xi32>) if (%arg0) retain (%alloc0, %arg1 : memref<2xi32>, memref<2xi32>)
  return %0#0, %0#1, %alloc : i1, i1, memref<2xi32>
}

// -----

func.func @dealloc_split_when_no_other_aliasing(%arg0: i1, %arg1: memref<2xi32>, %arg2: memref<2xi32>, %arg3: i1) -> (i1, i1) {
  %alloc = memref.alloc() : memref<2xi32>
  %alloc0 = memref.alloc() : memref<2xi32>
  %0 = arith.select %arg0, %alloc, %alloc0 : memref<2xi32>
  %1:2 = bufferization.dealloc (%alloc, %arg2 : memref<2xi32>, memref<2xi32>) if (%arg0, %arg3) retain (%arg1, %0 : memref<2xi32>, memref<2xi32>)
  return %1#0, %1#1 : i1, i1
}

// -----

func.func @dealloc_remove_dealloc_memref_contained_in_retained_with_const_true_condition(
  %arg0: memref<2xi32>, %arg1: memref<2xi32>, %arg2: memref<2xi32>) -> (memref<2xi32>, memref<2xi32>, i1, i1) {
  %true = arith.constant true
  %0:2 = bufferization.dealloc (%arg0, %arg1, %arg2 : memref<2xi32>, memref<2xi32>, memref<2xi32>) if (%true, %true, %true) retain (%arg0, %arg1 : memref<2xi32>, memref<2xi32>)
  return %arg0, %arg1, %0#0, %0#1 : memref<2xi32>, memref<2xi32>, i1, i1
}

// -----

func.func @dealloc_remove_dealloc_memref_contained_in_retained_with_const_true_condition(
  %arg0: memref<2xi32>, %arg1: memref<2xi32>, %arg2: memref<2xi32>) -> (memref<2xi32>, memref<2xi32>, i1, i1) {
  %true = arith.constant true
  %base_buffer, %offset, %size, %stride = memref.extract_strided_metadata %arg0 : memref<2xi32> -> memref<i32>, index, index, index
  %base_buffer_1, %offset_1, %size_1, %stride_1 = memref.extract_strided_metadata %arg1 : memref<2xi32> -> memref<i32>, index, index, index
  %base_buffer_2, %offset_2, %size_2, %stride_2 = memref.extract_strided_metadata %arg2 : memref<2xi32> -> memref<i32>, index, index, index
  %0:2 = bufferization.dealloc (%base_buffer, %base_buffer_1, %base_buffer_2 : memref<i32>, memref<i32>, memref<i32>) if (%true, %true, %true) retain (%arg0, %arg1 : memref<2xi32>, memref<2xi32>)
  return %arg0, %arg1, %0#0, %0#1 : memref<2xi32>, memref<2xi32>, i1, i1
}

// -----

func.func @alloc_and_bbarg(%arg0: memref<5xf32>, %arg1: index, %arg2: index, %arg3: index) -> f32 {
  %true = arith.constant true
  %false = arith.constant false
  %0:2 = scf.for %arg4 = %arg1 to %arg2 step %arg3 iter_args(%arg5 = %arg0, %arg6 = %false) -> (memref<5xf32>, i1) {
    %alloc = memref.alloc() : memref<5xf32>
    memref.copy %arg5, %alloc : memref<5xf32> to memref<5xf32>
    %base_buffer_0, %offset_1, %sizes_2, %strides_3 = memref.extract_strided_metadata %arg5 : memref<5xf32> -> memref<f32>, index, index, index
    %2 = bufferization.dealloc (%base_buffer_0, %alloc : memref<f32>, memref<5xf32>) if (%arg6, %true) retain (%alloc : memref<5xf32>)
    scf.yield %alloc, %2 : memref<5xf32>, i1
  }
  %1 = memref.load %0#0[%arg1] : memref<5xf32>
  %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %0#0 : memref<5xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%base_buffer : memref<f32>) if (%0#1)
  return %1 : f32
}

// -----

func.func @duplicate_memref(%arg0: memref<5xf32>, %arg1: memref<6xf32>, %c: i1) -> i1 {
  %0 = bufferization.dealloc (%arg0, %arg0 : memref<5xf32>, memref<5xf32>) if (%c, %c) retain (%arg1 : memref<6xf32>)
  return %0 : i1
}
// Expected error/warning findings of test/corpus/upstream/buffer-deallocation-simplification.mlir (absolute
// lines), each with why it is true; see test/corpus/README.md.

// why: upstream's test of a bufferization.dealloc pattern frees a function argument, which the caller owns under the function-boundary ABI; the pattern test does not follow the ABI. Execution: test/exec/inputs/bug_upstream_dealloc_deallocated_in_retained.mlir, combos arg1=1: invalid-free.
// expected-error@18 {{free of %arg2 (a function argument: the caller owns it) when %arg2 and %arg0 being the same buffer is false and %arg1 is true: ^bb0 [BL104]}}
// expected-note@16 {{%arg2 is an argument of the function}}

// why: the allocation is freed by no bufferization.dealloc on this path (it is not in its list, or its condition is false) and is not returned. Execution: test/exec/inputs/bug_upstream_dealloc_deallocated_in_retained.mlir, every combo: leak 1.
// expected-error@23 {{%alloc leaks}}
// expected-note@25 {{the path leaves here}}

// why: upstream's test of a bufferization.dealloc pattern frees a function argument, which the caller owns under the function-boundary ABI; the pattern test does not follow the ABI. Execution: test/exec/inputs/bug_upstream_dealloc_deallocated_in_retained_extract_base_memref.mlir, combos arg1=1: invalid-free.
// expected-error@34 {{free of %base_buffer0 (an alias of %arg2) (a function argument: the caller owns it) when %arg2 and %arg0 being the same buffer is false and %arg1 is true: ^bb0 [BL104]}}
// expected-note@30 {{%arg2 is an argument of the function}}

// why: the allocation is freed by no bufferization.dealloc on this path (it is not in its list, or its condition is false) and is not returned. Execution: test/exec/inputs/bug_upstream_dealloc_deallocated_in_retained_extract_base_memref.mlir, every combo: leak 1.
// expected-error@39 {{%alloc leaks}}
// expected-note@41 {{the path leaves here}}

// why: the allocation is freed by no bufferization.dealloc on this path (it is not in its list, or its condition is false) and is not returned. Execution: test/exec/inputs/bug_upstream_remove_retained_memrefs_guarateed_to_not_alias.mlir, every combo: leak 1.
// expected-error@48 {{%alloc0 leaks}}
// expected-note@50 {{the path leaves here}}

// why: bufferization.dealloc frees %alloc when %arg0 is true (it is not retained) and the function then returns it. Execution: test/exec/inputs/bug_upstream_remove_retained_memrefs_guarateed_to_not_alias.mlir, combo arg0=1: returns-freed.
// expected-error@50 {{return of %alloc after it was freed when %arg0 is true: ^bb0 [BL103]}}
// expected-note@49 {{freed here}}
// expected-note@47 {{%alloc is allocated here}}

// why: the allocation is freed by no bufferization.dealloc on this path (it is not in its list, or its condition is false) and is not returned. Execution: test/exec/inputs/bug_upstream_dealloc_split_when_no_other_aliasing.mlir, every combo: leak 2 (%alloc and %alloc0).
// expected-error@56 {{%alloc leaks}}
// expected-note@60 {{the path leaves here}}

// why: the allocation is freed by no bufferization.dealloc on this path (it is not in its list, or its condition is false) and is not returned. Execution: test/exec/inputs/bug_upstream_dealloc_split_when_no_other_aliasing.mlir, every combo: leak 2 (%alloc and %alloc0).
// expected-error@57 {{%alloc0 leaks}}
// expected-note@60 {{the path leaves here}}

// why: upstream's test of a bufferization.dealloc pattern frees a function argument, which the caller owns under the function-boundary ABI; the pattern test does not follow the ABI. Execution: test/exec/inputs/bug_upstream_dealloc_split_when_no_other_aliasing.mlir, combos arg3=1: invalid-free.
// expected-error@59 {{free of %arg2 (a function argument: the caller owns it) when %arg2 and %arg1 being the same buffer is false and %arg3 is true: ^bb0 [BL104]}}
// expected-note@55 {{%arg2 is an argument of the function}}

// why: upstream's test of a bufferization.dealloc pattern frees a function argument, which the caller owns under the function-boundary ABI; the pattern test does not follow the ABI. Execution: test/exec/inputs/bug_upstream_dealloc_remove_dealloc_memref_contained_in_retained.mlir: invalid-free.
// expected-error@68 {{free of %arg2 (a function argument: the caller owns it) when %arg2 and %arg1 being the same buffer is false and %arg2 and %arg0 being the same buffer is false: ^bb0 [BL104]}}
// expected-note@66 {{%arg2 is an argument of the function}}

// why: the function returns its argument, which the caller already owns (function-boundary ABI); upstream's pattern test does not follow the ABI. Execution: test/exec/inputs/bug_upstream_dealloc_remove_dealloc_memref_contained_in_retained.mlir: returns-argument.
// expected-error@69 {{@dealloc_remove_dealloc_memref_contained_in_retained_with_const_true_condition returns %arg0, which is its argument: the caller would own a buffer it already owns (function-boundary ABI); return a copy [BL105]}}
// expected-note@66 {{argument %arg0}}

// why: the function returns its argument, which the caller already owns (function-boundary ABI); upstream's pattern test does not follow the ABI. Execution: test/exec/inputs/bug_upstream_dealloc_remove_dealloc_memref_contained_in_retained.mlir: returns-argument.
// expected-error@69 {{@dealloc_remove_dealloc_memref_contained_in_retained_with_const_true_condition returns %arg1, which is its argument: the caller would own a buffer it already owns (function-boundary ABI); return a copy [BL105]}}
// expected-note@66 {{argument %arg1}}

// why: upstream's test of a bufferization.dealloc pattern frees a function argument, which the caller owns under the function-boundary ABI; the pattern test does not follow the ABI. Execution: test/exec/inputs/bug_upstream_dealloc_remove_dealloc_memref_contained_in_retained_base.mlir: invalid-free.
// expected-error@80 {{free of %base_buffer_2 (an alias of %arg2) (a function argument: the caller owns it) when %arg2 and %arg1 being the same buffer is false and %arg2 and %arg0 being the same buffer is false: ^bb0 [BL104]}}
// expected-note@75 {{%arg2 is an argument of the function}}

// why: the function returns its argument, which the caller already owns (function-boundary ABI); upstream's pattern test does not follow the ABI. Execution: test/exec/inputs/bug_upstream_dealloc_remove_dealloc_memref_contained_in_retained_base.mlir: returns-argument.
// expected-error@81 {{@dealloc_remove_dealloc_memref_contained_in_retained_with_const_true_condition returns %arg0, which is its argument: the caller would own a buffer it already owns (function-boundary ABI); return a copy [BL105]}}
// expected-note@75 {{argument %arg0}}

// why: the function returns its argument, which the caller already owns (function-boundary ABI); upstream's pattern test does not follow the ABI. Execution: test/exec/inputs/bug_upstream_dealloc_remove_dealloc_memref_contained_in_retained_base.mlir: returns-argument.
// expected-error@81 {{@dealloc_remove_dealloc_memref_contained_in_retained_with_const_true_condition returns %arg1, which is its argument: the caller would own a buffer it already owns (function-boundary ABI); return a copy [BL105]}}
// expected-note@75 {{argument %arg1}}

// why: upstream's test of a bufferization.dealloc pattern frees a function argument, which the caller owns under the function-boundary ABI; the pattern test does not follow the ABI. Execution: test/exec/inputs/bug_upstream_duplicate_memref.mlir, combo arg2=1: invalid-free.
// expected-error@105 {{free of %arg0 (a function argument: the caller owns it) when %arg0 and %arg1 being the same buffer is false and %c is true: ^bb0 [BL104]}}
// expected-note@104 {{%arg0 is an argument of the function}}
