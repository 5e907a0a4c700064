// RUN: bufferlens lint --verify --stage deallocated %s

// Loops of `cf` branches (a back edge in the function's CFG) run as scf.for
// does: a block argument the loop counts with from a constant is a constant
// in each iteration, every iteration a constant compared with it names is
// run (up to 256), and the comparison that leaves the loop is a path fact
// after it. A path the bound stops gets the reduced-precision note.
// cf-loops-exec.test runs these functions under the execution harness.

// Freed at iteration 5 when there is one, else after the loop: correct.
func.func @cf_free_at_5_or_after(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %a = memref.alloc() : memref<2xf32>
  cf.br ^bb1(%c0 : index)
^bb1(%i: index):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^bb2, ^bb3
^bb2:
  %e = arith.cmpi eq, %i, %c5 : index
  scf.if %e {
    memref.dealloc %a : memref<2xf32>
  }
  %next = arith.addi %i, %c1 : index
  cf.br ^bb1(%next : index)
^bb3:
  %le = arith.cmpi sle, %n, %c5 : index
  scf.if %le {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// The same with `ule`: a negative %n runs no iteration and is a huge
// unsigned number, so %a leaks.
func.func @cf_unsigned_guard_leaks_for_negative_n(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  // expected-error@+1 {{%a leaks when %n <= 0 and %le is false: ^bb0 -> ^bb1 -> ^bb3 -> return [BL101]}}
  %a = memref.alloc() : memref<2xf32>
  cf.br ^bb1(%c0 : index)
^bb1(%i: index):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^bb2, ^bb3
^bb2:
  %e = arith.cmpi eq, %i, %c5 : index
  scf.if %e {
    memref.dealloc %a : memref<2xf32>
  }
  %next = arith.addi %i, %c1 : index
  cf.br ^bb1(%next : index)
^bb3:
  %le = arith.cmpi ule, %n, %c5 : index
  scf.if %le {
    memref.dealloc %a : memref<2xf32>
  }
  // expected-note@+1 {{the path leaves here}}
  return
}

// Freed at iteration 5 and again after the loop when %n >= 5: a double
// free once the loop runs iteration 5 (%n > 5).
func.func @cf_double_free_past_iteration_5(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %a = memref.alloc() : memref<2xf32> // expected-note {{%a is allocated here}}
  cf.br ^bb1(%c0 : index)
^bb1(%i: index):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^bb2, ^bb3
^bb2:
  %e = arith.cmpi eq, %i, %c5 : index
  scf.if %e {
    memref.dealloc %a : memref<2xf32> // expected-note {{first freed here}}
  }
  %next = arith.addi %i, %c1 : index
  cf.br ^bb1(%next : index)
^bb3:
  %ge = arith.cmpi sge, %n, %c5 : index
  scf.if %ge {
    // It arises when the loop runs 6, 7 or more iterations: the weakest
    // condition (%n > 5, not the deepest path's %n > 7) on the shortest
    // of those paths (6 iterations).
    // expected-error@+1 {{double free of %a when %n > 5: ^bb0 -> ^bb1 -> ^bb2 -> ^bb1 -> ^bb2 -> ^bb1 -> ^bb2 -> ^bb1 -> ^bb2 -> ^bb1 -> ^bb2 -> ^bb1 -> ^bb2 -> ^bb1 -> ^bb3 [BL102]}}
    memref.dealloc %a : memref<2xf32>
  }
  %lt = arith.cmpi slt, %n, %c5 : index
  scf.if %lt {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// Read in every iteration, freed at iteration 5: iteration 6 reads freed
// memory when the loop runs more than 6 iterations.
func.func @cf_use_after_free_in_a_later_iteration(%n: index, %sink: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %a = memref.alloc() : memref<2xf32> // expected-note {{%a is allocated here}}
  cf.br ^bb1(%c0 : index)
^bb1(%i: index):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^bb2, ^bb3
^bb2:
  // expected-error@+1 {{use of %a after it was freed when %n > 6: ^bb0 -> ^bb1 -> ^bb2 -> ^bb1 -> ^bb2 -> ^bb1 -> ^bb2 -> ^bb1 -> ^bb2 -> ^bb1 -> ^bb2 -> ^bb1 -> ^bb2 -> ^bb1 -> ^bb2 [BL103]}}
  %v = memref.load %a[%c0] : memref<2xf32>
  memref.store %v, %sink[] : memref<f32>
  %e = arith.cmpi eq, %i, %c5 : index
  scf.if %e {
    memref.dealloc %a : memref<2xf32> // expected-note {{freed here}}
  }
  %next = arith.addi %i, %c1 : index
  cf.br ^bb1(%next : index)
^bb3:
  %le = arith.cmpi sle, %n, %c5 : index
  scf.if %le {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// A constant trip count of ten, counting down from 9 by 1 and testing at
// the bottom: freed when %i == 0, the last iteration, and after the loop.
func.func @cf_double_free_after_ten_iterations() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  %a = memref.alloc() : memref<2xf32> // expected-note {{%a is allocated here}}
  cf.br ^bb1(%c9 : index)
^bb1(%i: index):
  %e = arith.cmpi eq, %i, %c0 : index
  scf.if %e {
    memref.dealloc %a : memref<2xf32> // expected-note {{first freed here}}
  }
  %next = arith.subi %i, %c1 : index
  %more = arith.cmpi sge, %next, %c0 : index
  cf.cond_br %more, ^bb1(%next : index), ^bb2
^bb2:
  // expected-error@+1 {{double free of %a: ^bb0 -> ^bb1 -> ^bb1 -> ^bb1 -> ^bb1 -> ^bb1 -> ^bb1 -> ^bb1 -> ^bb1 -> ^bb1 -> ^bb1 -> ^bb2 [BL102]}}
  memref.dealloc %a : memref<2xf32>
  return
}

// A loop that frees %a at the iteration where %i == %m, for an operand
// %m: no constant names that iteration, so paths past the bound leave the
// loop truncated, where %a may still be freed later: no leak is reported
// on them, and the function says so. The path that leaves before
// iteration %m is a leak; the one shown is the shortest, which runs no
// iteration (%n <= 0, whatever %m is).
func.func @cf_unnamed_iteration(%n: index, %m: index) { // expected-remark {{deallocation checker: precision reduced in @cf_unnamed_iteration: %a is not freed on a path that runs a loop longer than the checker followed; no leak is reported for it}}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{%a leaks when %n <= 0: ^bb0 -> ^bb1 -> ^bb3 -> return [BL101]}}
  %a = memref.alloc() : memref<2xf32>
  cf.br ^bb1(%c0 : index)
^bb1(%i: index):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^bb2, ^bb3
^bb2:
  %e = arith.cmpi eq, %i, %m : index
  scf.if %e {
    memref.dealloc %a : memref<2xf32>
  }
  %next = arith.addi %i, %c1 : index
  cf.br ^bb1(%next : index)
^bb3:
  return // expected-note {{the path leaves here}}
}

// A loop on a condition it does not change: a path that takes the back
// edge once takes it forever, in the same state, so nothing is lost by not
// following it again and no note is given.
func.func @cf_invariant_condition(%cond: i1) {
  cf.br ^bb1
^bb1:
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  cf.cond_br %cond, ^bb1, ^bb2
^bb2:
  return
}
