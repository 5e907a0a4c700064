// Expected error/warning findings of test/corpus/programs/dealloc-dynamic/calls.mlir (absolute
// lines), each with why it is true; see test/corpus/README.md.

