// The multi-buffering RFC (D119406, "Loop double-buffering/multi-buffering"): BL303 marks an allocation
// whose loop overwrites it whole (memref.copy into it) before any other use
// in each iteration, so iterations could have slices of their own. The
// hint appears where upstream's memref::multiBuffer rewrites the buffer
// into valid IR, except where that rewrite would change what the loop
// computes (analysis/classic/MultiBuffering.cpp says why). The mlir-opt
// RUN line applies upstream's transform.memref.multibuffer (the upstream document's
// factor 5) to every allocation of each function below: it rewrites
// @multi_buffer as in the upstream document, refuses or leaves invalid IR for every
// function that gets no hint, and rewrites the three we refuse on purpose.
// (The upstream document's rewritten IR computes the slice index with arith ops; MLIR
// 22 builds one affine.apply instead.)
// Other findings on these buffers (BL301, BL401, and this directory's
// usual BL1xx and BL203) are not the subject here.
// RUN: echo '{"checks": {"BL101": "off", "BL102": "off", "BL103": "off", "BL104": "off", "BL105": "off", "BL203": "off", "BL301": "off", "BL401": "off"}}' > %t.json
// RUN: bufferlens lint --config %t.json --verify %s
// RUN: sed 's|// expected-.*||' %s > %t.mlir
// RUN: not mlir-opt --allow-unregistered-dialect --split-input-file \
// RUN:   --transform-preload-library=transform-library-paths=%inputs/multibuffer.transform.mlir \
// RUN:   --transform-interpreter %t.mlir 2>%t.err | FileCheck %s --check-prefix=UPSTREAM
// RUN: FileCheck %s --check-prefix=REFUSED < %t.err
// RUN: not bufferlens lint --config %t.json --format text %s \
// RUN:   | FileCheck %s --check-prefix=TEXT
// RUN: bufferlens lint --format text %examples/multi_buffer.mlir \
// RUN:   | FileCheck %s --check-prefix=EXAMPLE
// RUN: bufferlens explain %examples/multi_buffer.mlir:19:3 \
// RUN:   | FileCheck %s --check-prefix=EXPLAIN

// The upstream document's example, as written there but for `func.func`. Upstream
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
  return
}
// REFUSED: multi-buffering.mlir.tmp.mlir:[[# @LINE - 8]]:10: error: op failed to multibuffer

// -----

// Used after the loop too: the last iteration's slice would be needed.
func.func @used_after_loop(%a: memref<8xf32>, %lb: index, %ub: index, %s: index) -> f32 {
  %c0 = arith.constant 0 : index
  %buf = memref.alloc() : memref<8xf32>
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
  return
}
// REFUSED: multi-buffering.mlir.tmp.mlir:[[# @LINE - 9]]:10: error: op failed to multibuffer

// TEXT: multi-buffering.mlir:32:8: hint: %0 can be multi-buffered in its scf.for
// TEXT: multi-buffering.mlir:40:5: note: each iteration of the scf.for overwrites %0 here
// TEXT-NOT: BL303

// -----

// Freed after the loop: nothing in the loop dominates the dealloc, so
// upstream finds no copy that dominates every user (its exception for
// deallocs outside loops never applies then).
func.func @freed_after_loop(%a: memref<8xf32>, %b: memref<8xf32>, %lb: index, %ub: index, %s: index) {
  %buf = memref.alloc() : memref<8xf32>
  scf.for %i = %lb to %ub step %s {
    memref.copy %a, %buf : memref<8xf32> to memref<8xf32>
    memref.copy %buf, %b : memref<8xf32> to memref<8xf32>
  }
  memref.dealloc %buf : memref<8xf32>
  return
}
// REFUSED: multi-buffering.mlir.tmp.mlir:[[# @LINE - 8]]:10: error: op failed to multibuffer

// -----

// The copy reads the buffer itself: each iteration starts from the last
// one's value. Upstream rewrites it anyway (iteration i would read what
// i-5 wrote); we do not hint.
func.func @self_copy(%lb: index, %ub: index, %s: index) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<8xf32>
  scf.for %i = %lb to %ub step %s {
    memref.copy %buf, %buf : memref<8xf32> to memref<8xf32>
    %v = memref.load %buf[%c0] : memref<8xf32>
    %w = arith.addf %v, %f : f32
    memref.store %w, %buf[%c0] : memref<8xf32>
  }
  return
}
// UPSTREAM-LABEL: func.func @self_copy
// UPSTREAM: memref.alloc() : memref<5x8xf32>

// -----

// Dynamic shape: upstream reports success but leaves an invalid
// memref.alloc (no size operands); the verifier of our scratch copy
// refuses it.
func.func @dynamic_shape(%a: memref<?xf32>, %b: memref<?xf32>, %n: index, %lb: index, %ub: index, %s: index) {
  %buf = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %lb to %ub step %s {
    memref.copy %a, %buf : memref<?xf32> to memref<?xf32>
    memref.copy %buf, %b : memref<?xf32> to memref<?xf32>
  }
  return
}
// REFUSED: multi-buffering.mlir.tmp.mlir:[[# @LINE - 7]]:10: error: 'memref.alloc' op operand count (0) does not match with the total size (1) specified in attribute 'operandSegmentSizes'

// -----

// An i32 induction variable: upstream's affine.apply needs an index.
func.func @i32_induction_variable(%a: memref<8xf32>, %b: memref<8xf32>, %lb: i32, %ub: i32, %s: i32) {
  %buf = memref.alloc() : memref<8xf32>
  scf.for %i = %lb to %ub step %s : i32 {
    memref.copy %a, %buf : memref<8xf32> to memref<8xf32>
    memref.copy %buf, %b : memref<8xf32> to memref<8xf32>
  }
  return
}
// REFUSED: multi-buffering.mlir.tmp.mlir:[[# @LINE - 7]]:10: error: 'affine.apply' op operand #0 must be variadic of index, but got 'i32'

// -----

// Forwarded to an inner loop's iter_args, whose type the rewrite does not
// change.
func.func @forwarded_to_iter_args(%a: memref<8xf32>, %b: memref<8xf32>, %lb: index, %ub: index, %s: index) {
  %buf = memref.alloc() : memref<8xf32>
  scf.for %i = %lb to %ub step %s {
    memref.copy %a, %buf : memref<8xf32> to memref<8xf32>
    %r = scf.for %j = %lb to %ub step %s iter_args(%x = %buf) -> (memref<8xf32>) {
      scf.yield %x : memref<8xf32>
    }
    memref.copy %r, %b : memref<8xf32> to memref<8xf32>
  }
  return
}
// REFUSED: multi-buffering.mlir.tmp.mlir:[[# @LINE - 7]]:10: error: 'scf.for' op 0-th init and 0-th region iter_arg have different type: 'memref<8xf32, strided<[1], offset: ?>>' != 'memref<8xf32>'

// -----

// Passed to a call: the rewrite changes the operand's type. A detached
// copy of the function cannot verify calls, so calls are refused up front.
func.func private @use(memref<8xf32>)
func.func @passed_to_a_call(%a: memref<8xf32>, %lb: index, %ub: index, %s: index) {
  %buf = memref.alloc() : memref<8xf32>
  scf.for %i = %lb to %ub step %s {
    memref.copy %a, %buf : memref<8xf32> to memref<8xf32>
    func.call @use(%buf) : (memref<8xf32>) -> ()
  }
  return
}
// REFUSED: multi-buffering.mlir.tmp.mlir:[[# @LINE - 4]]:5: error: 'func.call' op operand type mismatch: expected operand type 'memref<8xf32>', but provided 'memref<8xf32, strided<[1], offset: ?>>' for operand number 0

// -----

// Freed inside the loop (the checker reports the next iteration's use
// after free); upstream rewrites it, we do not hint.
func.func @freed_in_loop(%a: memref<8xf32>, %b: memref<8xf32>, %lb: index, %ub: index, %s: index) {
  %buf = memref.alloc() : memref<8xf32>
  scf.for %i = %lb to %ub step %s {
    memref.copy %a, %buf : memref<8xf32> to memref<8xf32>
    memref.copy %buf, %b : memref<8xf32> to memref<8xf32>
    memref.dealloc %buf : memref<8xf32>
  }
  return
}
// UPSTREAM-LABEL: func.func @freed_in_loop
// UPSTREAM: memref.alloc() : memref<5x8xf32>

// -----

// scf.forall runs iterations concurrently: slices rotating through five
// do not give each iteration its own; upstream rewrites it, we do not hint.
func.func @parallel_iterations(%a: memref<8xf32>, %b: memref<8xf32>, %n: index) {
  %buf = memref.alloc() : memref<8xf32>
  scf.forall (%i) in (%n) {
    memref.copy %a, %buf : memref<8xf32> to memref<8xf32>
    memref.copy %buf, %b : memref<8xf32> to memref<8xf32>
  }
  return
}
// UPSTREAM-LABEL: func.func @parallel_iterations
// UPSTREAM: memref.alloc() : memref<5x8xf32>

// The bundled example is the upstream document's input with upstream ops only.
// EXAMPLE: multi_buffer.mlir:19:8: hint: %0 can be multi-buffered in its scf.for: each iteration overwrites it whole (memref.copy) before using it, so iterations could use slices of their own instead of depending on one another [BL303]
// EXAMPLE: multi_buffer.mlir:27:5: note: each iteration of the scf.for overwrites %0 here
// EXAMPLE-NOT: BL
// EXPLAIN: - multi-buffering: each iteration of its `scf.for` overwrites it whole first (`memref.copy`), so iterations could use slices of their own
