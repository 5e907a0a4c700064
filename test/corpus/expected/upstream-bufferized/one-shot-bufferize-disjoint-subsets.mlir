// Expected error/warning findings of test/corpus/upstream-bufferized/one-shot-bufferize-disjoint-subsets.mlir (absolute
// lines), each with why it is true; see test/corpus/README.md.

// why: MLIR 22's ownership-based-buffer-deallocation refuses it: regenerate.sh's pipeline run on this file fails on this function with "Only structured control-flow loops are supported." (listed at the end of upstream-dealloc/one-shot-bufferize-disjoint-subsets.mlir). No execution: BL204 is the pass refusing its input at compile time, not a run-time error.
// expected-error@110 {{the deallocation pass rejects @cross_iteration_cfg: it contains a control-flow loop made of branches (^bb1 -> ^bb1); only structured loops (scf.for, scf.while) are supported [BL204]}}
// expected-note@92 {{in this function}}
