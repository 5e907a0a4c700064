// BufferDeallocationInternals.md "Clone Canonicalization" (target buffer): today's IR copies with
// `memref.copy`, which no canonicalization folds (`mlir-opt --canonicalize`
// keeps the copy and the dealloc), and holds no clone: no BL304. The copy
// removal of the old buffer placement removed it: BL305
// (test/lit/copies/reuse-target.mlir checks its fix).
// RUN: mlir-opt --canonicalize %s | FileCheck %s --check-prefix=UPSTREAM
// RUN: bufferlens lint --verify %s
// RUN: bufferlens rewrite --strategy classic %s | FileCheck %s
// RUN: bufferlens rewrite --strategy classic %s | mlir-opt -o /dev/null
// From upstream: mlir/docs/BufferDeallocationInternals.md, "Canonicalization of the Target
// Buffer of the Clone Operation", and mlir/docs/Bufferization.md (2020),
// "Reusing the Target Buffer of the Copy Operation".
//
// A generic op writes %temp, %temp is copied to %result and freed: the copy
// can be removed by writing %result directly.
//
// Changes from the upstream documents:
// - `test.generic` / the old `linalg.generic` syntax (args_in, args_out,
//   positional operands, `test.yield`) is today's `linalg.generic` with
//   `ins` / `outs`; `#map0` is defined; `exp` is `math.exp`.
// - BufferDeallocationInternals.md writes `%result = bufferization.clone %temp`, which
//   is invalid IR (it redefines the function argument %result and drops the
//   copy into the caller's buffer). The older Bufferization.md's
//   `"linalg.copy"(%temp, %result)` is kept instead, as
//   `memref.copy %temp, %result`.
// - It already contains a `memref.dealloc`, so the upstream deallocation
//   pipeline rejects it.
#map0 = affine_map<(d0) -> (d0)>
func.func @reuseTarget(%arg0: memref<2xf32>, %result: memref<2xf32>) {
  %temp = memref.alloc() : memref<2xf32>
  // expected-note@-1 {{this allocation of %temp goes away with the copy}}
  linalg.generic {
    indexing_maps = [#map0, #map0],
    iterator_types = ["parallel"]}
    ins(%arg0 : memref<2xf32>) outs(%temp : memref<2xf32>) {
  ^bb0(%gen2_arg0: f32, %gen2_arg1: f32):
    %tmp2 = math.exp %gen2_arg0 : f32
    linalg.yield %tmp2 : f32
  }
  memref.copy %temp, %result : memref<2xf32> to memref<2xf32>
  // expected-warning@-1 {{so %result can be written in place of %temp [BL305]}}
  memref.dealloc %temp : memref<2xf32>
  // expected-note@-1 {{this free of %temp goes away with the copy}}
  return
}

// CHECK-LABEL: func.func @reuseTarget
//       CHECK:   memref.copy
//       CHECK:   memref.dealloc

// UPSTREAM-LABEL: func.func @reuseTarget
//       UPSTREAM:   memref.copy
//       UPSTREAM:   memref.dealloc
