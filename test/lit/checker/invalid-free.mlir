// RUN: bufferlens lint --verify --stage deallocated %s
// RUN: not bufferlens lint --stage deallocated %s | FileCheck %s --check-prefix=RANGE

// BL104: freeing a buffer the function does not own: an argument (the
// caller owns it), a stack allocation, a global, or a view that is not the
// allocation itself. The finding is at the op name of the free.

// RANGE: invalid-free.mlir:[[@LINE+5]]:5: error: free of %arg (a function argument: the caller owns it) when %cond is true: ^bb0 [BL104]
// RANGE-NEXT: {{^}}    memref.dealloc %arg : memref<2xf32>
// RANGE-NEXT: {{^}}    ^~~~~~~~~~~~~~{{$}}
func.func @free_argument(%cond: i1, %arg: memref<2xf32>) { // expected-note {{%arg is an argument of the function}}
  scf.if %cond {
    memref.dealloc %arg : memref<2xf32> // expected-error {{free of %arg (a function argument: the caller owns it) when %cond is true: ^bb0 [BL104]}}
  }
  return
}

// An alias of an argument: one parenthetical says both what it aliases and
// why the function may not free it.
func.func @free_alias_of_argument(%arg: memref<2xf32>) { // expected-note {{%arg is an argument of the function}}
  %view = memref.cast %arg : memref<2xf32> to memref<?xf32>
  memref.dealloc %view : memref<?xf32> // expected-error {{free of %view (an alias of %arg, a function argument: the caller owns it): ^bb0 [BL104]}}
  return
}

memref.global "private" constant @g : memref<2xf32> = dense<0.0>
func.func @free_stack_and_global() {
  %0 = memref.alloca() : memref<2xf32> // expected-note {{%0 is allocated on the stack here}}
  memref.dealloc %0 : memref<2xf32> // expected-error {{free of %0 (a stack allocation): ^bb0 [BL104]}}
  %1 = memref.get_global @g : memref<2xf32> // expected-note {{%1 is a global}}
  memref.dealloc %1 : memref<2xf32> // expected-error {{free of %1 (a global): ^bb0 [BL104]}}
  return
}

func.func @free_subview() {
  %0 = memref.alloc() : memref<4xf32> // expected-note {{%0 is allocated here}}
  %1 = memref.subview %0[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>> // expected-note {{the view is made here}}
  memref.dealloc %1 : memref<2xf32, strided<[1], offset: 2>> // expected-error {{free of %1 (a view of %0 made by memref.subview, not the allocation itself): ^bb0 [BL104]}}
  return
}

// The base buffer of extract_strided_metadata and a cast are the allocation
// itself; freeing an argument under a false ownership flag frees nothing.
func.func @owned_bases(%arg: memref<2xf32>) {
  %false = arith.constant false
  %0 = memref.alloc() : memref<2xf32>
  %base, %offset, %size, %stride = memref.extract_strided_metadata %0 : memref<2xf32> -> memref<f32>, index, index, index
  memref.dealloc %base : memref<f32>
  %1 = memref.alloc() : memref<2xf32>
  %2 = memref.cast %1 : memref<2xf32> to memref<?xf32>
  memref.dealloc %2 : memref<?xf32>
  scf.if %false {
    memref.dealloc %arg : memref<2xf32>
  }
  return
}
