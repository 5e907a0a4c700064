// RUN: bufferlens lint --verify --stage deallocated %s
// RUN: not bufferlens lint --stage deallocated %s | FileCheck %s --check-prefix=RANGE

// BL102: a buffer freed twice on some path, directly or through an alias.
// The finding is at the op name of the second free.

// RANGE: double-free.mlir:[[@LINE+11]]:3: error: double free of %0 when %cond is true: ^bb0 -> ^bb1 -> ^bb2 [BL102]
// RANGE-NEXT: {{^}}  memref.dealloc %0 : memref<2xf32>
// RANGE-NEXT: {{^}}  ^~~~~~~~~~~~~~{{$}}
func.func @twice_on_one_path(%cond: i1) {
  // expected-note@+1 {{%0 is allocated here}}
  %0 = memref.alloc() : memref<2xf32>
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  memref.dealloc %0 : memref<2xf32> // expected-note {{first freed here}}
  cf.br ^bb2
^bb2:
  memref.dealloc %0 : memref<2xf32> // expected-error {{double free of %0 when %cond is true: ^bb0 -> ^bb1 -> ^bb2 [BL102]}}
  return
}

// Through an alias: a cast and a block argument.
func.func @through_an_alias(%cond: i1) {
  %0 = memref.alloc() : memref<2xf32> // expected-note {{%0 is allocated here}}
  %1 = memref.cast %0 : memref<2xf32> to memref<?xf32>
  memref.dealloc %1 : memref<?xf32> // expected-note {{first freed here}}
  cf.br ^bb1(%0 : memref<2xf32>)
^bb1(%b: memref<2xf32>):
  memref.dealloc %b : memref<2xf32> // expected-error {{double free of %b (an alias of %0): ^bb0 -> ^bb1 [BL102]}}
  return
}

// Two frees under the same condition's opposite values: never both.
func.func @exclusive_conditions(%cond: i1) {
  %true = arith.constant true
  %not = arith.xori %cond, %true : i1
  %0 = memref.alloc() : memref<2xf32>
  scf.if %cond {
    memref.dealloc %0 : memref<2xf32>
  }
  scf.if %not {
    memref.dealloc %0 : memref<2xf32>
  }
  return
}

// The same condition twice does free twice.
func.func @same_condition(%cond: i1) {
  %0 = memref.alloc() : memref<2xf32> // expected-note {{%0 is allocated here}}
  scf.if %cond {
    memref.dealloc %0 : memref<2xf32> // expected-note {{first freed here}}
  }
  scf.if %cond {
    memref.dealloc %0 : memref<2xf32> // expected-error {{double free of %0 when %cond is true: ^bb0 [BL102]}}
  }
  // expected-error@-7 {{%0 leaks when %cond is false: ^bb0 -> return [BL101]}}
  return // expected-note {{the path leaves here}}
}
