// RUN: bufferlens lint --verify --stage deallocated %s
// The same functions after the lowering of bufferization.dealloc (scf.if
// around memref.dealloc, and the dealloc_helper library function for the
// general case) give the same verdicts:
// RUN: mlir-opt --bufferization-lower-deallocations %s -o %t.lowered.mlir
// RUN: not bufferlens lint --stage deallocated %t.lowered.mlir | FileCheck %s --check-prefix=LOWERED --implicit-check-not=BL10
// (The lowering renames %0 to %alloc and %1 to %alloc_0, %cond to %arg0.)
// LOWERED: error: %alloc leaks when %arg0 is false: ^bb0 -> return [BL101]
// LOWERED: error: use of %alloc after it was freed when %arg0 is true: ^bb0 [BL103]
// LOWERED: error: double free of %alloc when %arg0 is true: ^bb0 [BL102]
// LOWERED: error: double free of %alloc_0 when %arg0 is true: ^bb0 [BL102]

// bufferization.dealloc frees a memref iff its condition holds and no
// retained value is the same buffer; its results are the retained values'
// ownership.

// The pipeline's idiom: ownership threaded through a block argument.
func.func @ownership_through_block_argument(%cond: i1, %arg: memref<2xf32>) {
  %true = arith.constant true
  %false = arith.constant false
  cf.cond_br %cond, ^bb1, ^bb2(%arg, %false : memref<2xf32>, i1)
^bb1:
  %0 = memref.alloc() : memref<2xf32>
  cf.br ^bb2(%0, %true : memref<2xf32>, i1)
^bb2(%m: memref<2xf32>, %own: i1):
  %base, %offset, %size, %stride = memref.extract_strided_metadata %m : memref<2xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%base : memref<f32>) if (%own)
  return
}

// Retained: not freed, ownership moves to the result.
func.func @retained_then_freed(%cond: i1) {
  %true = arith.constant true
  %0 = memref.alloc() : memref<2xf32>
  %1 = memref.alloc() : memref<2xf32>
  %r:2 = bufferization.dealloc (%0, %1 : memref<2xf32>, memref<2xf32>) if (%true, %true) retain (%0, %1 : memref<2xf32>, memref<2xf32>)
  bufferization.dealloc (%0, %1 : memref<2xf32>, memref<2xf32>) if (%r#0, %r#1)
  return
}

// Retaining something else: freed now, so the later read is a use after
// free, and a second dealloc under the same condition is a double free.
func.func @freed_twice(%cond: i1, %other: memref<2xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %0 = memref.alloc() : memref<2xf32> // expected-note {{%0 is allocated here}}
  // expected-note@-1 {{%0 is allocated here}}
  %r = bufferization.dealloc (%0 : memref<2xf32>) if (%cond) retain (%other : memref<2xf32>) // expected-note {{freed here}}
  // expected-note@-1 {{first freed here}}
  %v = memref.load %0[%c0] : memref<2xf32> // expected-error {{use of %0 after it was freed when %cond is true: ^bb0 [BL103]}}
  bufferization.dealloc (%0 : memref<2xf32>) if (%cond) // expected-error {{double free of %0 when %cond is true: ^bb0 [BL102]}}
  // expected-error@-6 {{%0 leaks when %cond is false: ^bb0 -> return [BL101]}}
  return %v : f32 // expected-note {{the path leaves here}}
}

// Two memrefs and a retained value whose identity is only known at run
// time: the general case, lowered through dealloc_helper.
func.func @general_case(%cond: i1, %keep: memref<2xf32>) {
  %true = arith.constant true
  %0 = memref.alloc() : memref<2xf32>
  %1 = memref.alloc() : memref<2xf32> // expected-note {{%1 is allocated here}}
  bufferization.dealloc (%0, %1 : memref<2xf32>, memref<2xf32>) if (%true, %cond) retain (%keep : memref<2xf32>) // expected-note {{first freed here}}
  bufferization.dealloc (%1 : memref<2xf32>) if (%true) // expected-error {{double free of %1 when %cond is true: ^bb0 [BL102]}}
  return
}
