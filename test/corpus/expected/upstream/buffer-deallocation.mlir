// Expected error/warning findings of test/corpus/upstream/buffer-deallocation.mlir (absolute
// lines), each with why it is true; see test/corpus/README.md.

// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@664 {{ownership is unknown at the end of ^bb0 (in scf.for): the deallocation pipeline compares the base pointers of %iterBuf, %0 or %iterBuf at run time [BL203]}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@667 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %0, %1 at run time [BL203]}}

// why: on the ^bb1 path %1 is neither freed nor passed on: the dealloc only runs in ^bb2 (upstream's test moves it to the exit block to fix this). Execution: test/exec/inputs/bug_upstream_moving_invalid_dealloc_op_complex.mlir, combo arg0=1: leak 1.
// expected-error@367 {{%1 leaks}}
// expected-note@377 {{the path leaves here}}

// why: upstream's own test says so: the memref.dealloc is at an invalid position, "there is a user after deallocation" (the classic pass moved it); the read runs after the free on this path. Execution: test/exec/inputs/bug_upstream_moving_invalid_dealloc_op_complex.mlir, combo arg0=0: use-after-free.
// expected-error@376 {{use of %arg2 (an alias of %1) after it was freed when %cond is false: ^bb0 -> ^bb2 -> ^exit [BL103]}}
// expected-note@373 {{freed here}}
// expected-note@367 {{%1 is allocated here}}

// why: upstream's own test says so: the memref.dealloc is at an invalid position, "there is a user after deallocation" (the classic pass moved it); the read runs after the free on this path. Execution: test/exec/inputs/bug_upstream_moving_invalid_dealloc_op.mlir: use-after-free.
// expected-error@402 {{use of %0 after it was freed: ^bb0 [BL103]}}
// expected-note@401 {{freed here}}
// expected-note@399 {{%0 is allocated here}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@495 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %1, %2, %2 or its clone at run time [BL203]}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@695 {{ownership is unknown at the end of ^bb0 (in scf.for): the deallocation pipeline compares the base pointers of %iterBuf, %3 at run time [BL203]}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@697 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %0, %1, %1 or its clone at run time [BL203]}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@728 {{ownership is unknown at the end of ^bb0 (in scf.for): the deallocation pipeline compares the base pointers of %iterBuf3, %6 at run time [BL203]}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@730 {{ownership is unknown at the end of ^bb0 (in scf.for): the deallocation pipeline compares the base pointers of %iterBuf2, %3 at run time [BL203]}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@732 {{ownership is unknown at the end of ^bb0 (in scf.for): the deallocation pipeline compares the base pointers of %iterBuf, %2 at run time [BL203]}}

// why: MLIR 22's ownership-based-buffer-deallocation refuses it (`mlir-opt --ownership-based-buffer-deallocation` on this chunk fails with "Only structured control-flow loops are supported."), as upstream's test expected of the classic pass. No execution: BL204 is the pass refusing its input at compile time, not a run-time error.
// expected-error@777 {{the deallocation pass rejects @loop_dynalloc: it contains a control-flow loop made of branches (^loopBody -> ^loopHeader); only structured loops (scf.for, scf.while) are supported [BL204]}}
// expected-note@758 {{in this function}}

// why: MLIR 22's ownership-based-buffer-deallocation refuses it (`mlir-opt --ownership-based-buffer-deallocation` on this chunk fails with "Only structured control-flow loops are supported."), as upstream's test expected of the classic pass. No execution: BL204 is the pass refusing its input at compile time, not a run-time error.
// expected-error@807 {{the deallocation pass rejects @do_loop_alloc: it contains a control-flow loop made of branches (^loopHeader -> ^loopBody); only structured loops (scf.for, scf.while) are supported [BL204]}}
// expected-note@791 {{in this function}}
