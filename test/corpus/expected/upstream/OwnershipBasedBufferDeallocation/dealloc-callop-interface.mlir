// Expected error/warning findings of test/corpus/upstream/OwnershipBasedBufferDeallocation/dealloc-callop-interface.mlir (absolute
// lines), each with why it is true; see test/corpus/README.md.

// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator.
// expected-warning@26 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %alloc, %alloc2, %ret at run time [BL203]}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator.
// expected-warning@40 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %alloc, %alloc2, %ret at run time [BL203]}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator.
// expected-warning@55 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %alloc, %ret at run time [BL203]}}
