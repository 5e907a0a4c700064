// RUN: bufferlens lint --verify --stage deallocated %s

// The path condition a message prints is the one under which the error
// happens, in the polarity of the value the program branches on, and only
// the decisions the outcome depends on. path-conditions-exec.test runs each
// function under the execution harness on a path the message names.

// `ne` is normalised to the negation of `eq`: the leak is on %nd false.
func.func @ne_guard(%n: index) {
  %c3 = arith.constant 3 : index
  // expected-error@+1 {{%a leaks when %nd is false: ^bb0 -> return [BL101]}}
  %a = memref.alloc() : memref<2xf32>
  %nd = arith.cmpi ne, %n, %c3 : index
  scf.if %nd {
    memref.dealloc %a : memref<2xf32>
  }
  // expected-note@+1 {{the path leaves here}}
  return
}

func.func @sle_guard(%n: index) {
  %c3 = arith.constant 3 : index
  // expected-error@+1 {{%a leaks when %le is false: ^bb0 -> return [BL101]}}
  %a = memref.alloc() : memref<2xf32>
  %le = arith.cmpi sle, %n, %c3 : index
  scf.if %le {
    memref.dealloc %a : memref<2xf32>
  }
  // expected-note@+1 {{the path leaves here}}
  return
}

func.func @sge_guard(%n: index) {
  %c3 = arith.constant 3 : index
  // expected-error@+1 {{%a leaks when %ge is false: ^bb0 -> return [BL101]}}
  %a = memref.alloc() : memref<2xf32>
  %ge = arith.cmpi sge, %n, %c3 : index
  scf.if %ge {
    memref.dealloc %a : memref<2xf32>
  }
  // expected-note@+1 {{the path leaves here}}
  return
}

func.func @ule_guard(%n: index) {
  %c3 = arith.constant 3 : index
  // expected-error@+1 {{%a leaks when %le is false: ^bb0 -> return [BL101]}}
  %a = memref.alloc() : memref<2xf32>
  %le = arith.cmpi ule, %n, %c3 : index
  scf.if %le {
    memref.dealloc %a : memref<2xf32>
  }
  // expected-note@+1 {{the path leaves here}}
  return
}

func.func @uge_guard(%n: index) {
  %c3 = arith.constant 3 : index
  // expected-error@+1 {{%a leaks when %ge is false: ^bb0 -> return [BL101]}}
  %a = memref.alloc() : memref<2xf32>
  %ge = arith.cmpi uge, %n, %c3 : index
  scf.if %ge {
    memref.dealloc %a : memref<2xf32>
  }
  // expected-note@+1 {{the path leaves here}}
  return
}

// Leaks whatever %c is: no condition.
func.func @leaks_on_every_path(%c: i1) {
  %0 = memref.alloc() : memref<2xf32>
  // expected-error@+1 {{%1 leaks: ^bb0 -> return [BL101]}}
  %1 = memref.alloc() : memref<2xf32>
  scf.if %c {
    memref.dealloc %0 : memref<2xf32>
  } else {
    memref.dealloc %0 : memref<2xf32>
  }
  // expected-note@+1 {{the path leaves here}}
  return
}

// %c1 is decided on the path too, but the leak does not depend on it.
func.func @one_relevant_condition(%c0: i1, %c1: i1, %sink: memref<f32>) {
  %i0 = arith.constant 0 : index
  // expected-error@+1 {{%a leaks when %c0 is false: ^bb0 -> return [BL101]}}
  %a = memref.alloc() : memref<2xf32>
  scf.if %c0 {
    memref.dealloc %a : memref<2xf32>
  }
  scf.if %c1 {
    %v = memref.load %sink[] : memref<f32>
    memref.store %v, %sink[] : memref<f32>
  }
  // expected-note@+1 {{the path leaves here}}
  return
}

// A double free on every path: no condition either.
func.func @double_free_on_every_path(%c: i1, %sink: memref<f32>) {
  %a = memref.alloc() : memref<2xf32> // expected-note {{%a is allocated here}}
  memref.dealloc %a : memref<2xf32> // expected-note {{first freed here}}
  scf.if %c {
    %v = memref.load %sink[] : memref<f32>
    memref.store %v, %sink[] : memref<f32>
  }
  memref.dealloc %a : memref<2xf32> // expected-error {{double free of %a: ^bb0 [BL102]}}
  return
}
