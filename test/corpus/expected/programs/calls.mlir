
// why: `mlir-opt --one-shot-bufferize=bufferize-function-boundaries` (allow-return-allocs-from-loops off, its default) refuses this loop with this error when run on the function alone (test/lit/tensor/ compares); the corpus's outputs are made with allow-return-allocs-from-loops (README.md), which accepts it. No execution: a compile-time failure.
// expected-error@61 {{One-Shot Bufferize fails here: Yield operand #0 is not equivalent to the corresponding iter bbArg [BL503]}}
