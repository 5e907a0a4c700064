// RUN: bufferlens lint --verify --stage deallocated %s

// Loops that used to keep the generic bound of two iterations, or to stop
// early: affine.for with constant bounds past 8 trips, scf.while counting
// from another start or by another step than 0 and 1, scf.for comparing
// its induction variable unsigned, affine.for with min upper bounds. Where
// no iteration count can be derived, a path the bound stops gets the
// reduced-precision note. loop-bounds-exec.test runs these functions under
// the execution harness.

// Ten iterations, freed at the last one and after the loop.
func.func @affine_double_free_after_ten_iterations() {
  %c9 = arith.constant 9 : index
  %a = memref.alloc() : memref<2xf32> // expected-note {{%a is allocated here}}
  affine.for %i = 0 to 10 {
    %e = arith.cmpi eq, %i, %c9 : index
    scf.if %e {
      memref.dealloc %a : memref<2xf32> // expected-note {{first freed here}}
    }
  }
  memref.dealloc %a : memref<2xf32> // expected-error {{double free of %a: ^bb0 [BL102]}}
  return
}

// Eleven iterations freeing %a at iteration 8, then %b leaks.
func.func @affine_leak_after_eleven_iterations() {
  %c8 = arith.constant 8 : index
  %a = memref.alloc() : memref<2xf32>
  affine.for %i = 0 to 11 {
    %e = arith.cmpi eq, %i, %c8 : index
    scf.if %e {
      memref.dealloc %a : memref<2xf32>
    }
  }
  // expected-error@+1 {{%b leaks: ^bb0 -> return [BL101]}}
  %b = memref.alloc() : memref<2xf32>
  return // expected-note {{the path leaves here}}
}

// scf.while counting down from 10 by -1 while %i > %n, reading %a each
// time and freeing it at %j == 2 (the ninth iteration): the read after the
// free happens when the loop goes on to %j == 1, that is when %n < 1.
func.func @while_counting_down(%n: index, %sink: memref<f32>) {
  %c0 = arith.constant 0 : index
  %cm1 = arith.constant -1 : index
  %c2 = arith.constant 2 : index
  %c10 = arith.constant 10 : index
  %a = memref.alloc() : memref<2xf32> // expected-note {{%a is allocated here}}
  %r = scf.while (%i = %c10) : (index) -> index {
    %more = arith.cmpi sgt, %i, %n : index
    scf.condition(%more) %i : index
  } do {
  ^bb0(%j: index):
    // expected-error@+1 {{use of %a after it was freed when %n < 1: ^bb0 [BL103]}}
    %v = memref.load %a[%c0] : memref<2xf32>
    memref.store %v, %sink[] : memref<f32>
    %e = arith.cmpi eq, %j, %c2 : index
    scf.if %e {
      memref.dealloc %a : memref<2xf32> // expected-note {{freed here}}
    }
    %next = arith.addi %j, %cm1 : index
    scf.yield %next : index
  }
  %ge = arith.cmpi sge, %n, %c2 : index
  scf.if %ge {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// scf.while freeing %a at the iteration where %i == %m, for an operand %m:
// paths past the bound leave the loop truncated, report no leak, and the
// function says so. The leak shown is on the shortest path: no iteration.
func.func @while_unnamed_iteration(%n: index, %m: index) { // expected-remark {{deallocation checker: precision reduced in @while_unnamed_iteration: %a is not freed on a path that runs a loop longer than the checker followed; no leak is reported for it}}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{%a leaks when %n <= 0: ^bb0 -> return [BL101]}}
  %a = memref.alloc() : memref<2xf32>
  %r = scf.while (%i = %c0) : (index) -> index {
    %more = arith.cmpi slt, %i, %n : index
    scf.condition(%more) %i : index
  } do {
  ^bb0(%j: index):
    %e = arith.cmpi eq, %j, %m : index
    scf.if %e {
      memref.dealloc %a : memref<2xf32>
    }
    %next = arith.addi %j, %c1 : index
    scf.yield %next : index
  }
  return // expected-note {{the path leaves here}}
}

// scf.for comparing unsigned: freed at iteration 3 when there is one, else
// after the loop (`%n ule 3`, the unsigned trip count): correct.
func.func @unsigned_for_free_at_3_or_after(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<2xf32>
  scf.for unsigned %i = %c0 to %n step %c1 {
    %e = arith.cmpi eq, %i, %c3 : index
    scf.if %e {
      memref.dealloc %a : memref<2xf32>
    }
  }
  %le = arith.cmpi ule, %n, %c3 : index
  scf.if %le {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// The same reading %a in every iteration: a read after the free once the
// loop runs past iteration 4.
func.func @unsigned_for_use_after_free(%n: index, %sink: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<2xf32> // expected-note {{%a is allocated here}}
  scf.for unsigned %i = %c0 to %n step %c1 {
    // expected-error@+1 {{use of %a after it was freed when %n ugt 4: ^bb0 [BL103]}}
    %v = memref.load %a[%c0] : memref<2xf32>
    memref.store %v, %sink[] : memref<f32>
    %e = arith.cmpi eq, %i, %c3 : index
    scf.if %e {
      memref.dealloc %a : memref<2xf32> // expected-note {{freed here}}
    }
  }
  %le = arith.cmpi ule, %n, %c3 : index
  scf.if %le {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// affine.for up to the min of two symbols: it runs while %i is below both,
// so iteration 3 is run when %n > 3 and %m > 3. Freed there, else after
// the loop: correct.
func.func @affine_min_free_at_3_or_after(%n: index, %m: index) {
  %true = arith.constant true
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<2xf32>
  affine.for %i = 0 to min affine_map<()[s0, s1] -> (s0, s1)>()[%n, %m] {
    %e = arith.cmpi eq, %i, %c3 : index
    scf.if %e {
      memref.dealloc %a : memref<2xf32>
    }
  }
  %n3 = arith.cmpi sgt, %n, %c3 : index
  %m3 = arith.cmpi sgt, %m, %c3 : index
  %ran = arith.andi %n3, %m3 : i1
  %not = arith.xori %ran, %true : i1
  scf.if %not {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// The same with a read in every iteration: a read after the free when both
// bounds are past 4.
func.func @affine_min_use_after_free(%n: index, %m: index, %sink: memref<f32>) {
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<2xf32> // expected-note {{%a is allocated here}}
  affine.for %i = 0 to min affine_map<()[s0, s1] -> (s0, s1)>()[%n, %m] {
    // expected-error@+1 {{use of %a after it was freed when %m > 4 and %n > 4: ^bb0 [BL103]}}
    %v = memref.load %a[%c0] : memref<2xf32>
    memref.store %v, %sink[] : memref<f32>
    %e = arith.cmpi eq, %i, %c3 : index
    scf.if %e {
      memref.dealloc %a : memref<2xf32> // expected-note {{freed here}}
    }
  }
  %n3 = arith.cmpi sgt, %n, %c3 : index
  %m3 = arith.cmpi sgt, %m, %c3 : index
  %ran = arith.andi %n3, %m3 : i1
  %not = arith.xori %ran, %true : i1
  scf.if %not {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// A max lower bound over a symbol: where the loop starts is not an
// iteration count the checker derives, so the body runs twice with an
// unknown induction variable, and since the body compares it with a
// constant, the function says that later iterations were not followed.
func.func @affine_max_lower_bound(%n: index, %m: index) { // expected-remark {{deallocation checker: precision reduced in @affine_max_lower_bound: an affine.for was unrolled 2 times; later iterations were not followed}}
  %c5 = arith.constant 5 : index
  affine.for %i = max affine_map<()[s0] -> (0, s0)>()[%m] to %n {
    %a = memref.alloc() : memref<2xf32>
    %e = arith.cmpi eq, %i, %c5 : index
    scf.if %e {
      memref.dealloc %a : memref<2xf32>
    } else {
      memref.dealloc %a : memref<2xf32>
    }
  }
  return
}
