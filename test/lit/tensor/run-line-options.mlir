// The tensor view runs One-Shot Bufferize with the options of the file's
// first RUN line that runs it: here allow-return-allocs-from-loops, so the
// loop that yields a fresh tensor bufferizes (an allocation per iteration,
// freed at the end of the next iteration, the last one returned) instead of failing as it does with
// the default options (programs.test, not_equivalent_yield.mlir).
// RUN: mlir-opt %s --one-shot-bufferize="bufferize-function-boundaries allow-return-allocs-from-loops" --ownership-based-buffer-deallocation --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=UPSTREAM
// RUN: bufferlens lint --enable BL502 %s | FileCheck %s --check-prefix=LINT
// RUN: sed -e 's/allow-return-allocs-from-loops"/allow-return-allocs-from-loop"/' %s > %t.mlir
// RUN: not bufferlens lint %t.mlir | FileCheck %s --check-prefix=BAD

func.func @fresh_each_iteration(%t: tensor<16xf32>, %n: index) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> tensor<16xf32> {
    %e = tensor.empty() : tensor<16xf32>
    %filled = linalg.fill ins(%f : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
    scf.yield %filled : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}

// UPSTREAM-LABEL: func.func @fresh_each_iteration
// UPSTREAM: scf.for
// UPSTREAM: memref.alloc() {{.*}} loc("{{.*}}run-line-options.mlir":16:10)
// UPSTREAM: bufferization.dealloc {{.*}} loc("{{.*}}run-line-options.mlir":18:5)

// LINT: run-line-options.mlir:16:10: hint: One-Shot Bufferize allocates memref<16xf32>, 64 bytes here (`tensor.empty` bufferizes to a new buffer) [BL502]
// LINT: run-line-options.mlir:18:5: note: freed here, before `scf.yield`, when the function still owns it (decided at run time)
// LINT: run-line-options.mlir:20:3: note: returned here: the caller owns it and frees it
// LINT-NOT: BL503

// BAD: run-line-options.mlir.tmp.mlir:6:1: info: the One-Shot Bufferize options of this RUN line are not valid: no such option allow-return-allocs-from-loop; the tensor view runs the pass with bufferize-function-boundaries
// BAD: error: One-Shot Bufferize fails here: Yield operand #0 is not equivalent to the corresponding iter bbArg [BL503]
