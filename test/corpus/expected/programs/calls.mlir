
// why: `mlir-opt --one-shot-bufferize=bufferize-function-boundaries` (allow-return-allocs-from-loops off, its default) refuses this loop with this error when run on the function alone (test/lit/tensor/ compares); the corpus's outputs are made with allow-return-allocs-from-loops (README.md), which accepts it. No execution: a compile-time failure.
// expected-error@61 {{One-Shot Bufferize fails here: Yield operand #0 is not equivalent to the corresponding iter bbArg [BL503]}}

// why: upstream's `mlir-opt --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline` on this function (alone, where another function of the chunk fails the pass) compares two `memref.extract_aligned_pointer_as_index` with `arith.cmpi ne` before this return, to decide at run time whether to free (checked with MLIR 22); the warning says what the pipeline does once the function is bufferized.
// expected-warning@36 {{once bufferized by One-Shot Bufferize: ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of the buffer of `%r`, the buffer of `%init` at run time [BL203]}}
