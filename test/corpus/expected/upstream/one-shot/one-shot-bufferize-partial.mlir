
// why: this RUN line was written for an older MLIR: `mlir-opt` 22 refuses it with "no such option allow-return-allocs" (`mlir-opt --one-shot-bufferize=... ` on any input), so the tensor view cannot run the pass as the test does and uses its default options instead; an info finding, as the README's "Which One-Shot Bufferize" says.
// expected-remark@19 {{the One-Shot Bufferize options of this RUN line are not valid: no such option allow-return-allocs; the tensor view runs the pass with bufferize-function-boundaries}}
