// Expected error/warning findings of test/corpus/upstream-dealloc/scf-one-shot-bufferize.mlir (absolute
// lines), each with why it is true; see test/corpus/README.md.

// why: an info note, not a finding: the checker says where it follows fewer paths (@buffer_type_of_collapse_shape's `scf.while` has the constant condition true, so no path leaves the loop).
// expected-remark@1127 {{deallocation checker: precision reduced in @buffer_type_of_collapse_shape: %alloc is not freed on a path that runs a loop longer than the checker followed; no leak is reported for it}}
