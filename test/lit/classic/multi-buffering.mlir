// Seed "Loop double-buffering/multi-buffering": BL303 marks an allocation
// whose loop overwrites it whole (memref.copy into it) before any other use
// in each iteration, so iterations could have slices of their own. The
// hint appears exactly where upstream's memref::multiBuffer succeeds: the
// second RUN line applies it (transform.memref.multibuffer, the seed's
// factor 5) to every allocation of each function below and checks it
// rewrites @multi_buffer, as in the seed, and refuses every other one.
// (The seed's rewritten IR computes the slice index with arith ops; MLIR
// 22 builds one affine.apply instead.)
// RUN: bufferlens lint --verify %s
// RUN: sed 's|// expected-.*||' %s > %t.mlir
// RUN: not mlir-opt --allow-unregistered-dialect --split-input-file \
// RUN:   --transform-preload-library=transform-library-paths=%inputs/multibuffer.transform.mlir \
// RUN:   --transform-interpreter %t.mlir 2>%t.err | FileCheck %s --check-prefix=UPSTREAM
// RUN: FileCheck %s --check-prefix=REFUSED < %t.err
// RUN: not bufferlens lint --format text %s | FileCheck %s --check-prefix=TEXT
// RUN: bufferlens lint --format text %examples/multi_buffer.mlir \
// RUN:   | FileCheck %s --check-prefix=EXAMPLE

// The seed's example, as written there but for `func.func`. Upstream
// gives %0 five slices and the loop rotates through them.
func.func @multi_buffer(%a: memref<1024x1024xf32>) {
  %0 = memref.alloc() : memref<4x128xf32>
  // expected-remark@-1 {{%0 can be multi-buffered in its scf.for: each iteration overwrites it whole (memref.copy) before using it, so iterations could use slices of their own instead of depending on one another [BL303]}}
  %c1024 = arith.constant 1024 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %arg2 = %c1 to %c1024 step %c3 {
   %1 = memref.subview %a[%arg2, 0] [4, 128] [1, 1] :
    memref<1024x1024xf32> to memref<4x128xf32, affine_map<(d0, d1)[s0] -> (d0 * 1024 + s0 + d1)>>
    memref.copy %1, %0 : memref<4x128xf32, affine_map<(d0, d1)[s0] -> (d0 * 1024 + s0 + d1)>> to memref<4x128xf32>
    // expected-note@-1 {{each iteration of the scf.for overwrites %0 here}}
    "some_use"(%0) : (memref<4x128xf32>) -> ()
    // expected-error@-1 {{the deallocation pass rejects `some_use`: its memory effects are unknown (it does not implement MemoryEffectOpInterface), so the pass cannot tell whether it allocates or frees [BL204]}}
  }
  return
}
// UPSTREAM-LABEL: func.func @multi_buffer
// UPSTREAM: memref.alloc() : memref<5x4x128xf32>
// UPSTREAM: scf.for
// UPSTREAM: memref.subview %alloc[%{{.*}}, 0, 0] [1, 4, 128] [1, 1, 1] : memref<5x4x128xf32> to memref<4x128xf32, strided<[128, 1], offset: ?>>

// -----

// Each iteration reads the previous iteration's value before overwriting
// it: the dependence is real.
func.func @read_before_overwrite(%a: memref<8xf32>, %lb: index, %ub: index, %s: index) {
  %c0 = arith.constant 0 : index
  %buf = memref.alloc() : memref<8xf32>
  scf.for %i = %lb to %ub step %s {
    %v = memref.load %buf[%c0] : memref<8xf32>
    memref.copy %a, %buf : memref<8xf32> to memref<8xf32>
    memref.store %v, %a[%c0] : memref<8xf32>
  }
  memref.dealloc %buf : memref<8xf32>
  return
}
// REFUSED: multi-buffering.mlir.tmp.mlir:[[# @LINE - 9]]:10: error: op failed to multibuffer

// -----

// Used after the loop too: the last iteration's slice would be needed.
func.func @used_after_loop(%a: memref<8xf32>, %lb: index, %ub: index, %s: index) -> f32 {
  %c0 = arith.constant 0 : index
  %buf = memref.alloc() : memref<8xf32>
  // expected-remark@-1 {{%buf can be promoted to the stack: 32 bytes (limit 1024), static shape, and it never leaves its block [BL301]}}
  scf.for %i = %lb to %ub step %s {
    memref.copy %a, %buf : memref<8xf32> to memref<8xf32>
    "some_use"(%buf) : (memref<8xf32>) -> ()
    // expected-error@-1 {{the deallocation pass rejects `some_use`: its memory effects are unknown (it does not implement MemoryEffectOpInterface), so the pass cannot tell whether it allocates or frees [BL204]}}
  }
  %v = memref.load %buf[%c0] : memref<8xf32>
  return %v : f32
}
// The transform skips it (a user outside any loop), as multiBuffer would.
// UPSTREAM-LABEL: func.func @used_after_loop
// UPSTREAM: memref.alloc() : memref<8xf32>

// -----

// The overwrite happens on one path only: it does not dominate the uses.
func.func @conditional_overwrite(%a: memref<8xf32>, %c: i1, %lb: index, %ub: index, %s: index) {
  %buf = memref.alloc() : memref<8xf32>
  scf.for %i = %lb to %ub step %s {
    scf.if %c {
      memref.copy %a, %buf : memref<8xf32> to memref<8xf32>
    }
    memref.copy %buf, %a : memref<8xf32> to memref<8xf32>
  }
  memref.dealloc %buf : memref<8xf32>
  return
}
// REFUSED: multi-buffering.mlir.tmp.mlir:[[# @LINE - 10]]:10: error: op failed to multibuffer

// TEXT: multi-buffering.mlir:23:8: hint: %0 can be multi-buffered in its scf.for
// TEXT: multi-buffering.mlir:31:5: note: each iteration of the scf.for overwrites %0 here
// TEXT-NOT: BL303

// The bundled example is the seed's input with upstream ops only.
// EXAMPLE: multi_buffer.mlir:19:8: hint: %0 can be multi-buffered in its scf.for: each iteration overwrites it whole (memref.copy) before using it, so iterations could use slices of their own instead of depending on one another [BL303]
// EXAMPLE: multi_buffer.mlir:27:5: note: each iteration of the scf.for overwrites %0 here
// EXAMPLE-NOT: BL
