






































































































func.func @duplicate_memref(%arg0: memref<5xf32>, %arg1: memref<6xf32>, %c: i1) -> i1 {
  %0 = bufferization.dealloc (%arg0, %arg0 : memref<5xf32>, memref<5xf32>) if (%c, %c) retain (%arg1 : memref<6xf32>)
  return %0 : i1
}
// Expected error/warning findings of test/corpus/upstream/buffer-deallocation-simplification.mlir (absolute
// lines), each with why it is true; see test/corpus/README.md.

// why: upstream's test of a bufferization.dealloc pattern frees a function argument, which the caller owns under the function-boundary ABI; the pattern test does not follow the ABI. Execution: test/exec/inputs/bug_upstream_dealloc_deallocated_in_retained.mlir, combos arg1=1: invalid-free.



// why: the allocation is freed by no bufferization.dealloc on this path (it is not in its list, or its condition is false) and is not returned. Execution: test/exec/inputs/bug_upstream_dealloc_deallocated_in_retained.mlir, every combo: leak 1.



// why: upstream's test of a bufferization.dealloc pattern frees a function argument, which the caller owns under the function-boundary ABI; the pattern test does not follow the ABI. Execution: test/exec/inputs/bug_upstream_dealloc_deallocated_in_retained_extract_base_memref.mlir, combos arg1=1: invalid-free.



// why: the allocation is freed by no bufferization.dealloc on this path (it is not in its list, or its condition is false) and is not returned. Execution: test/exec/inputs/bug_upstream_dealloc_deallocated_in_retained_extract_base_memref.mlir, every combo: leak 1.



// why: the allocation is freed by no bufferization.dealloc on this path (it is not in its list, or its condition is false) and is not returned. Execution: test/exec/inputs/bug_upstream_remove_retained_memrefs_guarateed_to_not_alias.mlir, every combo: leak 1.



// why: bufferization.dealloc frees %alloc when %arg0 is true (it is not retained) and the function then returns it. Execution: test/exec/inputs/bug_upstream_remove_retained_memrefs_guarateed_to_not_alias.mlir, combo arg0=1: returns-freed.




// why: the allocation is freed by no bufferization.dealloc on this path (it is not in its list, or its condition is false) and is not returned. Execution: test/exec/inputs/bug_upstream_dealloc_split_when_no_other_aliasing.mlir, every combo: leak 2 (%alloc and %alloc0).



// why: the allocation is freed by no bufferization.dealloc on this path (it is not in its list, or its condition is false) and is not returned. Execution: test/exec/inputs/bug_upstream_dealloc_split_when_no_other_aliasing.mlir, every combo: leak 2 (%alloc and %alloc0).



// why: upstream's test of a bufferization.dealloc pattern frees a function argument, which the caller owns under the function-boundary ABI; the pattern test does not follow the ABI. Execution: test/exec/inputs/bug_upstream_dealloc_split_when_no_other_aliasing.mlir, combos arg3=1: invalid-free.



// why: upstream's test of a bufferization.dealloc pattern frees a function argument, which the caller owns under the function-boundary ABI; the pattern test does not follow the ABI. Execution: test/exec/inputs/bug_upstream_dealloc_remove_dealloc_memref_contained_in_retained.mlir: invalid-free.



// why: the function returns its argument, which the caller already owns (function-boundary ABI); upstream's pattern test does not follow the ABI. Execution: test/exec/inputs/bug_upstream_dealloc_remove_dealloc_memref_contained_in_retained.mlir: returns-argument.



// why: the function returns its argument, which the caller already owns (function-boundary ABI); upstream's pattern test does not follow the ABI. Execution: test/exec/inputs/bug_upstream_dealloc_remove_dealloc_memref_contained_in_retained.mlir: returns-argument.



// why: upstream's test of a bufferization.dealloc pattern frees a function argument, which the caller owns under the function-boundary ABI; the pattern test does not follow the ABI. Execution: test/exec/inputs/bug_upstream_dealloc_remove_dealloc_memref_contained_in_retained_base.mlir: invalid-free.



// why: the function returns its argument, which the caller already owns (function-boundary ABI); upstream's pattern test does not follow the ABI. Execution: test/exec/inputs/bug_upstream_dealloc_remove_dealloc_memref_contained_in_retained_base.mlir: returns-argument.



// why: the function returns its argument, which the caller already owns (function-boundary ABI); upstream's pattern test does not follow the ABI. Execution: test/exec/inputs/bug_upstream_dealloc_remove_dealloc_memref_contained_in_retained_base.mlir: returns-argument.



// why: upstream's test of a bufferization.dealloc pattern frees a function argument, which the caller owns under the function-boundary ABI; the pattern test does not follow the ABI. Execution: test/exec/inputs/bug_upstream_duplicate_memref.mlir, combo arg2=1: invalid-free.
// expected-error@105 {{free of %arg0 (a function argument: the caller owns it) when %arg0 and %arg1 being the same buffer is false and %c is true: ^bb0 [BL104]}}
// expected-note@104 {{%arg0 is an argument of the function}}
