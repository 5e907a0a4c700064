// RUN: bufferlens lint --verify %s
// bufferlens: stage=deallocated

// BL105: a function past deallocation returns a buffer that may alias one of
// its arguments (BufferDeallocationInternals.md: "Function boundary ABI"), including through views
// and merges, at the returned operand.

// expected-note@+1 {{argument %arg0}}
func.func @returns_arg(%arg0: memref<2xf32>) -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32>
  memref.dealloc %0 : memref<2xf32>
  // expected-error@+1 {{@returns_arg returns %arg0, which is its argument: the caller would own a buffer it already owns (function-boundary ABI); return a copy [BL105]}}
  return %arg0 : memref<2xf32>
}

// expected-note@+1 {{argument %buf}}
func.func @returns_subview(%buf: memref<8xf32>) -> memref<4xf32, strided<[1], offset: 4>> {
  %0 = memref.alloc() : memref<2xf32>
  memref.dealloc %0 : memref<2xf32>
  %v = memref.subview %buf[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  // expected-error@+1 {{@returns_subview returns %v, which may alias argument %buf: the caller would own a buffer it already owns (function-boundary ABI); return a copy [BL105]}}
  return %v : memref<4xf32, strided<[1], offset: 4>>
}

// expected-note@+1 {{argument %a}}
func.func @returns_merge(%a: memref<2xf32>, %c: i1) -> memref<2xf32> {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = memref.alloc() : memref<2xf32>
  cf.br ^bb3(%0 : memref<2xf32>)
^bb2:
  cf.br ^bb3(%a : memref<2xf32>)
^bb3(%m: memref<2xf32>):
  // expected-error@+1 {{@returns_merge returns %m, which may alias argument %a: the caller would own a buffer it already owns (function-boundary ABI); return a copy [BL105]}}
  return %m : memref<2xf32>
}

// A fresh buffer is fine.
func.func @returns_fresh(%arg0: memref<2xf32>) -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %arg0, %0 : memref<2xf32> to memref<2xf32>
  return %0 : memref<2xf32>
}

// A call's result is the callee's own buffer under the same ABI, whatever
// it was passed: returning it (or a view of it) is fine, while the
// argument itself on another path is not.
func.func private @callee(memref<2xf32>) -> memref<2xf32>
func.func @returns_call_result(%arg0: memref<2xf32>) -> memref<1xf32, strided<[1], offset: 1>> {
  %0 = call @callee(%arg0) : (memref<2xf32>) -> memref<2xf32>
  %1 = memref.alloc() : memref<2xf32>
  memref.dealloc %1 : memref<2xf32>
  %v = memref.subview %0[1] [1] [1] : memref<2xf32> to memref<1xf32, strided<[1], offset: 1>>
  return %v : memref<1xf32, strided<[1], offset: 1>>
}

// expected-note@+1 {{argument %arg0}}
func.func @returns_call_result_or_argument(%arg0: memref<2xf32>, %c: i1) -> memref<2xf32> {
  %0 = call @callee(%arg0) : (memref<2xf32>) -> memref<2xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%0 : memref<2xf32>)
^bb2:
  memref.dealloc %0 : memref<2xf32>
  cf.br ^bb3(%arg0 : memref<2xf32>)
^bb3(%m: memref<2xf32>):
  // expected-error@+1 {{@returns_call_result_or_argument returns %m, which may alias argument %arg0: the caller would own a buffer it already owns (function-boundary ABI); return a copy [BL105]}}
  return %m : memref<2xf32>
}
