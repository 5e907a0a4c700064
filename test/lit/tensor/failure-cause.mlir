// Upstream reports an op it cannot bufferize twice: the cause, then
// "failed to bufferize op" at the same op. BL503 gives the cause, once
// (it kept the wrapper alone, the later of the two).
// RUN: not mlir-opt %s --one-shot-bufferize="bufferize-function-boundaries must-infer-memory-space" -o /dev/null 2>&1 | FileCheck %s --check-prefix=UPSTREAM
// RUN: not bufferlens lint %s 2>&1 | FileCheck %s --check-prefix=LINT --implicit-check-not=BL503

func.func @scratch(%n: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %e = tensor.empty(%n) : tensor<?xf32>
  %w = tensor.insert %x into %e[%c0] : tensor<?xf32>
  %r = tensor.extract %w[%c0] : tensor<?xf32>
  return %r : f32
}

// UPSTREAM: failure-cause.mlir:9:8: error: could not infer memory space
// UPSTREAM: failure-cause.mlir:9:8: error: failed to bufferize op

// LINT: failure-cause.mlir:9:8: error: One-Shot Bufferize fails here: could not infer memory space [BL503]
// LINT: 1 file linted: 1 error, 0 warnings, 0 other findings
