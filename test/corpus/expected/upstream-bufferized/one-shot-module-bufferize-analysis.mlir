// Expected error/warning findings of test/corpus/upstream-bufferized/one-shot-module-bufferize-analysis.mlir (absolute
// lines), each with why it is true; see test/corpus/README.md.

// why: regenerate.sh's pipeline output of @equivalent_func_arg (upstream-dealloc/one-shot-module-bufferize-analysis.mlir, MLIR 22's buffer-deallocation-pipeline) takes the aligned pointers of the loop's iter_arg and the call's result with `memref.extract_aligned_pointer_as_index` (lines 498, 499) and compares them with `arith.cmpi ne` (line 500) before this `scf.yield` (its line 505): at the memref level the pipeline does not know that @inner_func returns its argument. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@530 {{ownership is unknown at the end of ^bb0 (in scf.for): the deallocation pipeline compares the base pointers of %arg5, %1 at run time [BL203]}}

// why: the same output takes the aligned pointers of the loop's result and the returned buffer (lines 514, 515) and compares them with `arith.cmpi ne` (line 516) before this `return` (its line 521) to decide at run time what to free. No execution, as above.
// expected-warning@532 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %0, %0 or its clone at run time [BL203]}}

// why: @equivalent_func_arg_2 in the same output: pointers taken at lines 540, 541 and compared at line 542 before this `scf.yield` (its line 547); @inner_func_2 writes its argument and returns it, which the pipeline does not see at the call. No execution, as above.
// expected-warning@547 {{ownership is unknown at the end of ^bb0 (in scf.for): the deallocation pipeline compares the base pointers of %arg5, %1 at run time [BL203]}}

// why: the same output compares the loop's result and the returned buffer (lines 556 to 558) before this `return` (its line 563). No execution, as above.
// expected-warning@549 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %0, %0 or its clone at run time [BL203]}}

// why: regenerate.sh's pipeline output of @write_after_select_read_one (upstream-dealloc/one-shot-module-bufferize-analysis.mlir) takes the aligned pointers of the copy and the select's result (lines 585, 586) and compares them with `arith.cmpi ne` (line 587) before this `return` (its line 591). No execution, as above.
// expected-warning@566 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %alloc, %0 or its clone at run time [BL203]}}

// why: @write_after_select_read_both in the same output: pointers of both copies and the select's result taken at lines 610, 611 and 616, compared at lines 612 and 617 before this `return` (its line 621). No execution, as above.
// expected-warning@588 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %alloc, %0, %alloc_3 at run time [BL203]}}

// why: @private_func_aliasing in the same output: the copy's and the two results' base pointers (lines 761, 763, 765) go to `@dealloc_helper` (line 777), which compares them, before this `return` (its line 795). No execution, as above.
// expected-warning@720 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %alloc, %0#0, %0#1 at run time [BL203]}}

// why: @recursive_function in the same output: the two copies' and the two results' pointers (lines 848, 849, 851, 857) compared at lines 850, 852, 858 and 859 before this `return` (its line 864). No execution, as above.
// expected-warning@738 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %alloc, %0#0, %0#1, %alloc_2 at run time [BL203]}}
