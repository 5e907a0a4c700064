// RUN: bufferlens lint --verify --stage deallocated %s

// A path's condition is the weakest one the outcome depends on, and the
// path shown is the shortest that has it. paths-exec.test
// runs each function on both sides of the printed condition.

// The loop frees nothing and nothing after it reads what it defines: a
// path that stops unrolling it is every longer run, so the trip count is
// no part of the condition, and no note says longer runs were not
// followed.
func.func @leak_every_trip_count(%p0: i1, %n: index, %sink: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{%a leaks when %p0 is false: ^bb0 -> return [BL101]}}
  %a = memref.alloc() : memref<2xf32>
  %r = scf.while (%i = %c0) : (index) -> index {
    %more = arith.cmpi slt, %i, %n : index
    scf.condition(%more) %i : index
  } do {
  ^bb0(%j: index):
    %v = memref.load %a[%c0] : memref<2xf32>
    memref.store %v, %sink[] : memref<f32>
    %next = arith.addi %j, %c1 : index
    scf.yield %next : index
  }
  scf.if %p0 {
    memref.dealloc %a : memref<2xf32>
  }
  return // expected-note {{the path leaves here}}
}

// The same as a loop of cf branches: the path shown runs no iteration.
func.func @cf_leak_every_trip_count(%p0: i1, %n: index, %sink: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{%a leaks when %p0 is false: ^bb0 -> ^bb1 -> ^bb3 -> ^bb5 -> return [BL101]}}
  %a = memref.alloc() : memref<2xf32>
  cf.br ^bb1(%c0 : index)
^bb1(%i: index):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^bb2, ^bb3
^bb2:
  %v = memref.load %a[%c0] : memref<2xf32>
  memref.store %v, %sink[] : memref<f32>
  %next = arith.addi %i, %c1 : index
  cf.br ^bb1(%next : index)
^bb3:
  cf.cond_br %p0, ^bb4, ^bb5
^bb4:
  memref.dealloc %a : memref<2xf32>
  return
^bb5:
  return // expected-note {{the path leaves here}}
}

// Here the trip count matters: iteration 3 (%j == 2) frees %a, so it
// leaks exactly when the loop runs at most two iterations, and frees it
// twice when it runs three and %p0 is true. The weakest conditions are
// named (%n <= 2, not the shortest path's %n <= 0; %n > 2, not the
// deepest path's %n > 3).
func.func @trip_count_matters(%p0: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // expected-note@+2 {{%a is allocated here}}
  // expected-error@+1 {{%a leaks when %n <= 2 and %p0 is false: ^bb0 -> return [BL101]}}
  %a = memref.alloc() : memref<2xf32>
  %r = scf.while (%i = %c0) : (index) -> index {
    %more = arith.cmpi slt, %i, %n : index
    scf.condition(%more) %i : index
  } do {
  ^bb0(%j: index):
    %e = arith.cmpi eq, %j, %c2 : index
    scf.if %e {
      memref.dealloc %a : memref<2xf32> // expected-note {{first freed here}}
    }
    %next = arith.addi %j, %c1 : index
    scf.yield %next : index
  }
  scf.if %p0 {
    // expected-error@+1 {{double free of %a when %n > 2 and %p0 is true: ^bb0 [BL102]}}
    memref.dealloc %a : memref<2xf32>
  }
  return // expected-note {{the path leaves here}}
}

// Two paths leak: %d and %e true (found first, true branches first; %c
// is no part of it), and %c false. The one with fewer steps is shown.
func.func @shortest_path_shown(%c: i1, %d: i1, %e: i1) {
  // expected-error@+1 {{%a leaks when %c is false: ^bb0 -> return [BL101]}}
  %a = memref.alloc() : memref<2xf32>
  scf.if %c {
    scf.if %d {
      scf.if %e {
      } else {
        memref.dealloc %a : memref<2xf32>
      }
    } else {
      memref.dealloc %a : memref<2xf32>
    }
  }
  return // expected-note {{the path leaves here}}
}
