// RUN: bufferlens lint --verify --stage deallocated %s
// RUN: not bufferlens lint --stage deallocated %s | FileCheck %s --check-prefix=RANGE

// BL103: a read, write, view, call argument or return of a buffer after it
// was freed on the path. The finding is at the op name of the use.

// RANGE: use-after-free.mlir:[[@LINE+9]]:8: error: use of %0 after it was freed when %cond is true: ^bb0 [BL103]
// RANGE-NEXT: {{^}}  %v = memref.load %0[%c0] : memref<2xf32>
// RANGE-NEXT: {{^}}       ^~~~~~~~~~~{{$}}
func.func @read_after_free(%cond: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %0 = memref.alloc() : memref<2xf32> // expected-note {{%0 is allocated here}}
  scf.if %cond {
    memref.dealloc %0 : memref<2xf32> // expected-note {{freed here}}
  }
  %v = memref.load %0[%c0] : memref<2xf32> // expected-error {{use of %0 after it was freed when %cond is true: ^bb0 [BL103]}}
  // expected-error@-5 {{%0 leaks when %cond is false: ^bb0 -> return [BL101]}}
  return %v : f32 // expected-note {{the path leaves here}}
}

// A write through a view, a view and a call after the free.
func.func private @use(memref<2xf32>)
func.func @view_and_call_after_free() {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %0 = memref.alloc() : memref<4xf32> // expected-note {{%0 is allocated here}}
  // expected-note@-1 {{%0 is allocated here}}
  // expected-note@-2 {{%0 is allocated here}}
  %1 = memref.subview %0[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  %2 = memref.alloc() : memref<2xf32> // expected-note {{%2 is allocated here}}
  memref.dealloc %0 : memref<4xf32> // expected-note {{freed here}}
  // expected-note@-1 {{freed here}}
  // expected-note@-2 {{freed here}}
  memref.store %f, %1[%c0] : memref<2xf32, strided<[1]>> // expected-error {{use of %1 (an alias of %0) after it was freed: ^bb0 [BL103]}}
  %3 = memref.cast %0 : memref<4xf32> to memref<?xf32> // expected-error {{use of %0 after it was freed: ^bb0 [BL103]}}
  memref.dealloc %2 : memref<2xf32> // expected-note {{freed here}}
  func.call @use(%2) : (memref<2xf32>) -> () // expected-error {{use of %2 after it was freed: ^bb0 [BL103]}}
  memref.copy %1, %1 : memref<2xf32, strided<[1]>> to memref<2xf32, strided<[1]>> // expected-error {{use of %1 (an alias of %0) after it was freed: ^bb0 [BL103]}}
  return
}

// Returning a freed buffer.
func.func @return_after_free() -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32> // expected-note {{%0 is allocated here}}
  memref.dealloc %0 : memref<2xf32> // expected-note {{freed here}}
  return %0 : memref<2xf32> // expected-error {{return of %0 after it was freed: ^bb0 [BL103]}}
}

// Metadata and the pipeline's pointer checks do not touch memory; the
// branch condition correlates the free and the read.
func.func @guarded(%cond: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %0 = memref.alloc() : memref<2xf32>
  %p = memref.extract_aligned_pointer_as_index %0 : memref<2xf32> -> index
  scf.if %cond {
    memref.dealloc %0 : memref<2xf32>
  }
  %d = memref.dim %0, %c0 : memref<2xf32>
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  %z = arith.constant 0.0 : f32
  return %z : f32
^bb2:
  %v = memref.load %0[%c0] : memref<2xf32>
  memref.dealloc %0 : memref<2xf32>
  return %v : f32
}
