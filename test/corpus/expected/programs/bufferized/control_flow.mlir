// Expected error/warning findings of test/corpus/programs/bufferized/control_flow.mlir (absolute
// lines), each with why it is true; see test/corpus/README.md.

// why: true by construction: the buffer-deallocation-pipeline output of this function (regenerate.sh's programs/dealloc/control_flow.mlir) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@61 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %0, %0 or its clone at run time [BL203]}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (regenerate.sh's programs/dealloc/control_flow.mlir) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@71 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %0, %0 or its clone at run time [BL203]}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (regenerate.sh's programs/dealloc/control_flow.mlir) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@130 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %0, %0 or its clone at run time [BL203]}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (regenerate.sh's programs/dealloc/control_flow.mlir) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@148 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %0#0, %0#0 or its clone at run time [BL203]}}
