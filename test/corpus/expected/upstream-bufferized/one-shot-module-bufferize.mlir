// Expected error/warning findings of test/corpus/upstream-bufferized/one-shot-module-bufferize.mlir (absolute
// lines), each with why it is true; see test/corpus/README.md.

// why: regenerate.sh's pipeline output of @bar (upstream-dealloc/one-shot-module-bufferize.mlir, MLIR 22's buffer-deallocation-pipeline) takes the aligned pointers of the copy and of the call's two results (lines 284, 285, 287) and compares them with `arith.cmpi ne` (lines 286, 288) before this `return` (its line 293). No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@206 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %alloc, %0#0, %0#1 at run time [BL203]}}

// why: that output's @main of the same chunk takes four aligned pointers (lines 331, 333, 335, 337) and gives them to `@dealloc_helper` (line 350) before this `return` (its line 372). No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@234 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %alloc, %alloc_2, %alloc_3, %0 at run time [BL203]}}

// why: that output's @equivalent_func_arg takes the aligned pointers of the loop's iter_arg and the call's result (lines 459, 460) and compares them with `arith.cmpi ne` (line 461) before this `scf.yield` (its line 466): at the memref level the pipeline does not know that @inner_func returns its argument. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@281 {{ownership is unknown at the end of ^bb0 (in scf.for): the deallocation pipeline compares the base pointers of %arg5, %1 at run time [BL203]}}

// why: the same function compares the loop's result and the returned buffer (lines 475 to 477) before this `return` (its line 482). No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@283 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %0, %0 or its clone at run time [BL203]}}

// why: that output's @call_func_with_non_tensor_return takes the aligned pointers of the copy and the call's tensor result (lines 98, 99) and compares them with `arith.cmpi ne` (line 100) before this `return` (its line 104). No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@95 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %alloc, %0#0 at run time [BL203]}}

// why: that output's @main of this chunk takes two aligned pointers (lines 153, 155) and gives them to `@dealloc_helper` (line 166) before this `return` (its line 180). No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@136 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %alloc, %0 at run time [BL203]}}

// why: that output's @equivalent_func_arg_2 takes two aligned pointers in the loop (lines 509, 511) and gives them to `@dealloc_helper` (line 522) before this `scf.yield`. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@303 {{ownership is unknown at the end of ^bb0 (in scf.for): the deallocation pipeline compares the base pointers of %alloc, %1 at run time [BL203]}}
