// Expected error/warning findings of test/corpus/upstream/OwnershipBasedBufferDeallocation/dealloc-existing-deallocs.mlir (absolute
// lines), each with why it is true; see test/corpus/README.md.

// why: MLIR 22's ownership-based-buffer-deallocation rejects memref.realloc (`mlir-opt --ownership-based-buffer-deallocation` on this chunk fails so; upstream's RUN line runs -expand-realloc first for that reason).
// expected-error@22 {{the deallocation pass rejects `memref.realloc`: it frees a buffer, and the input must not contain deallocations yet [BL204]}}

// why: MLIR 22's ownership-based-buffer-deallocation rejects memref.realloc (`mlir-opt --ownership-based-buffer-deallocation` on this chunk fails so; upstream's RUN line runs -expand-realloc first for that reason).
// expected-error@34 {{the deallocation pass rejects `memref.realloc`: it frees a buffer, and the input must not contain deallocations yet [BL204]}}
