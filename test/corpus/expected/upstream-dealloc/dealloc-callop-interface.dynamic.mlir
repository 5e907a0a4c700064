// Expected error/warning findings of test/corpus/upstream-dealloc/dealloc-callop-interface.dynamic.mlir (absolute
// lines), each with why it is true; see test/corpus/README.md.

