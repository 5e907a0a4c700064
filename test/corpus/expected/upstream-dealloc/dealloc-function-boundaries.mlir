// Expected error/warning findings of test/corpus/upstream-dealloc/dealloc-function-boundaries.mlir (absolute
// lines), each with why it is true; see test/corpus/README.md.

// why: @redundantOperations copies %alloc into the new %alloc_0 and frees
// %alloc right after, with no other use of it: %alloc can stand for %alloc_0
// (the copy removal's reuse of the source); %alloc_0's free then frees it.
// expected-warning@30 {{the copy of %alloc into %alloc_0 is redundant: %alloc_0 is a new buffer and %alloc is freed after the copy with no other use after it, so %alloc can be used in place of %alloc_0}}
// expected-note@29 {{this allocation of %alloc_0 goes away with the copy}}
// expected-note@31 {{this free of %alloc goes away with the copy}}
