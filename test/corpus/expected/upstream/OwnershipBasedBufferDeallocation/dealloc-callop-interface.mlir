// Expected error/warning findings of test/corpus/upstream/OwnershipBasedBufferDeallocation/dealloc-callop-interface.mlir (absolute
// lines), each with why it is true; see test/corpus/README.md.

// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@26 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %alloc, %alloc2, %ret at run time [BL203]}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@40 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %alloc, %alloc2, %ret at run time [BL203]}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@55 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %alloc, %ret at run time [BL203]}}
