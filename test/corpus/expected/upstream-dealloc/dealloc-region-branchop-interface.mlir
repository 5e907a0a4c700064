// Expected error/warning findings of test/corpus/upstream-dealloc/dealloc-region-branchop-interface.mlir (absolute
// lines), each with why it is true; see test/corpus/README.md.

// why: an info note, not a finding: the checker says where it follows fewer paths.
// expected-remark@5 {{deallocation checker: precision reduced in @nested_regions_and_cond_branch: `linalg.generic` frees memory in regions the checker does not follow; no leak is reported after it}}
