// Expected error/warning findings of test/corpus/programs/bufferized/calls.mlir (absolute
// lines), each with why it is true; see test/corpus/README.md.

// why: true by construction: the buffer-deallocation-pipeline output of this function (regenerate.sh's programs/dealloc/calls.mlir) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@21 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %0, %1 at run time [BL203]}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (regenerate.sh's programs/dealloc/calls.mlir) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@30 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %0, %alloc at run time [BL203]}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (regenerate.sh's programs/dealloc/calls.mlir) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@40 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %0, %0 or its clone at run time [BL203]}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (regenerate.sh's programs/dealloc/calls.mlir) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@52 {{ownership is unknown at the end of ^bb0 (in scf.for): the deallocation pipeline compares the base pointers of %arg3, %1 at run time [BL203]}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (regenerate.sh's programs/dealloc/calls.mlir) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@54 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %0, %0 or its clone at run time [BL203]}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (regenerate.sh's programs/dealloc/calls.mlir) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@64 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %0, %1 at run time [BL203]}}
