// Expected error/warning findings of test/corpus/upstream/lower-deallocations.mlir (absolute
// lines), each with why it is true; see test/corpus/README.md.

// why: upstream's test of a bufferization.dealloc pattern frees a function argument, which the caller owns under the function-boundary ABI; the pattern test does not follow the ABI. Execution: test/exec/inputs/bug_upstream_conversion_dealloc_simple.mlir, combo arg1=1: invalid-free.
// expected-error@28 {{free of %arg0 (a function argument: the caller owns it) when %arg1 is true: ^bb0 [BL104]}}
// expected-note@27 {{%arg0 is an argument of the function}}

// why: upstream's test of a bufferization.dealloc pattern frees a function argument, which the caller owns under the function-boundary ABI; the pattern test does not follow the ABI. Execution: test/exec/inputs/bug_upstream_conversion_dealloc_one_memref_and_multiple_retained.mlir, combo arg2=1: invalid-free.
// expected-error@35 {{free of %arg0 (a function argument: the caller owns it) when %arg0 and %arg3 being the same buffer is false and %arg0 and %arg1 being the same buffer is false and %arg2 is true: ^bb0 [BL104]}}
// expected-note@34 {{%arg0 is an argument of the function}}

// why: upstream's test of a bufferization.dealloc pattern frees a function argument, which the caller owns under the function-boundary ABI; the pattern test does not follow the ABI. Execution: test/exec/inputs/bug_upstream_conversion_dealloc_multiple_memrefs_and_retained.mlir, combos arg3=1: invalid-free.
// expected-error@42 {{free of %arg0 (a function argument: the caller owns it) when %arg0 and %arg5 being the same buffer is false and %arg0 and %arg2 being the same buffer is false and %arg3 is true: ^bb0 [BL104]}}
// expected-note@41 {{%arg0 is an argument of the function}}
