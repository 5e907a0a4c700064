// Expected error/warning findings of test/corpus/upstream/buffer-deallocation-simplification.mlir (absolute
// lines), each with why it is true; see test/corpus/README.md.

// why: upstream's test of a bufferization.dealloc pattern frees a function argument, which the caller owns under the function-boundary ABI; the pattern test does not follow the ABI. Execution: test/exec/inputs/bug_upstream_dealloc_deallocated_in_retained.mlir, combos arg1=1: invalid-free.
// expected-error@18 {{free of %arg2 (a function argument: the caller owns it) when %arg2 and %arg0 being the same buffer is false and %arg1 is true: ^bb0 [BL104]}}
// expected-note@16 {{%arg2 is an argument of the function}}

// why: the allocation is freed by no bufferization.dealloc on this path (it is not in its list, or its condition is false) and is not returned. Execution: test/exec/inputs/bug_upstream_dealloc_deallocated_in_retained.mlir, every combo: leak 1.
// expected-error@23 {{%alloc leaks}}
// expected-note@25 {{the path leaves here}}

// why: upstream's test of a bufferization.dealloc pattern frees a function argument, which the caller owns under the function-boundary ABI; the pattern test does not follow the ABI. Execution: test/exec/inputs/bug_upstream_dealloc_deallocated_in_retained_extract_base_memref.mlir, combos arg1=1: invalid-free.
// expected-error@34 {{free of %base_buffer0 (an alias of %arg2, a function argument: the caller owns it) when %arg2 and %arg0 being the same buffer is false and %arg1 is true: ^bb0 [BL104]}}
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
// expected-error@80 {{free of %base_buffer_2 (an alias of %arg2, a function argument: the caller owns it) when %arg2 and %arg1 being the same buffer is false and %arg2 and %arg0 being the same buffer is false: ^bb0 [BL104]}}
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
