// Expected error/warning findings of test/corpus/upstream/buffer-deallocation.mlir (absolute
// lines), each with why it is true; see test/corpus/README.md.

// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator.
// expected-warning@295 {{ownership is unknown at the end of ^bb0 (in scf.for): the deallocation pipeline compares the base pointers of %iterBuf, %0 or %iterBuf at run time [BL203]}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator.
// expected-warning@298 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %0, %1 at run time [BL203]}}

// why: on the ^bb1 path %1 is neither freed nor passed on: the dealloc only runs in ^bb2 (upstream's test moves it to the exit block to fix this). Execution: test/exec/inputs/bug_upstream_moving_invalid_dealloc_op_complex.mlir, combo arg0=1: leak 1.
// expected-error@132 {{%1 leaks}}
// expected-note@142 {{the path leaves here}}

// why: upstream's own test says so: the memref.dealloc is at an invalid position, "there is a user after deallocation" (the classic pass moved it); the read runs after the free on this path. Execution: test/exec/inputs/bug_upstream_moving_invalid_dealloc_op_complex.mlir, combo arg0=0: use-after-free.
// expected-error@141 {{use of %arg2 (an alias of %1) after it was freed when %cond is false: ^bb0 -> ^bb2 -> ^exit [BL103]}}
// expected-note@138 {{freed here}}
// expected-note@132 {{%1 is allocated here}}

// why: upstream's own test says so: the memref.dealloc is at an invalid position, "there is a user after deallocation" (the classic pass moved it); the read runs after the free on this path. Execution: test/exec/inputs/bug_upstream_moving_invalid_dealloc_op.mlir: use-after-free.
// expected-error@167 {{use of %0 after it was freed: ^bb0 [BL103]}}
// expected-note@166 {{freed here}}
// expected-note@164 {{%0 is allocated here}}

// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator.
// expected-warning@228 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %1, %2 at run time [BL203]}}
