// BL101 without a fix: every leak here is reported, but no single
// `memref.dealloc` at the end of a block of the function is right on every
// execution that reaches it, or the allocation is not one the function can
// name at such a place. An absent fix is better than a double free.
// RUN: bufferlens lint --verify --stage deallocated %s
// RUN: not bufferlens lint --stage deallocated --format json %s > %t.json
// RUN: python3 %inputs/fixes.py show %t.json | count 0

// Freed under a condition before the only exit: a dealloc there would free
// it twice when %cond is true.
func.func @freed_in_scf_if(%cond: i1) {
  // expected-error@+1 {{%0 leaks when %cond is false: ^bb0 -> return [BL101]}}
  %0 = memref.alloc() : memref<2xf32>
  scf.if %cond {
    memref.dealloc %0 : memref<2xf32>
  }
  // expected-note@+1 {{the path leaves here}}
  return
}

// A call result: owned by the function-boundary ABI, but not an
// allocation of this function.
func.func private @make() -> memref<2xf32>
func.func @call_result() {
  // expected-error@+1 {{%0 leaks: ^bb0 -> return [BL101]}}
  %0 = func.call @make() : () -> memref<2xf32>
  // expected-note@+1 {{the path leaves here}}
  return
}

// Carried out of the loop: a dealloc in the body would free what the next
// iteration or the code after the loop still uses; the buffer to free after
// the loop is %r, not the allocation, so no fix names it.
func.func @carried_out() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%it = %a) -> (memref<2xf32>) {
    // expected-error@+1 {{%0 leaks: ^bb0 -> return [BL101]}}
    %0 = memref.alloc() : memref<2xf32>
    memref.dealloc %it : memref<2xf32>
    scf.yield %0 : memref<2xf32>
  }
  // expected-note@+1 {{the path leaves here}}
  return
}

// A back edge in the function's CFG: a dealloc before the branch would
// run on the way out too, and at the exit it frees only the last buffer.
func.func @cf_loop(%cond: i1) {
  cf.br ^bb1
^bb1:
  // expected-error@+1 {{%0 leaks: ^bb0 -> ^bb1 -> back edge to ^bb1 [BL101]}}
  %0 = memref.alloc() : memref<2xf32>
  // expected-note@+1 {{the loop continues here}}
  cf.cond_br %cond, ^bb1, ^bb2
^bb2:
  return
}

// ^exit reads %0 through %y after the paths meet, and %0 may be freed
// there already: no block is both after every use and before no free.
func.func @used_after_the_join(%cond: i1, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloca() : memref<2xf32>
  // expected-error@+1 {{%0 leaks when %cond is false: ^bb0 -> ^keep -> ^exit -> return [BL101]}}
  %0 = memref.alloc() : memref<2xf32>
  cf.cond_br %cond, ^free, ^keep
^free:
  memref.dealloc %0 : memref<2xf32>
  cf.br ^exit(%a : memref<2xf32>)
^keep:
  cf.br ^exit(%0 : memref<2xf32>)
^exit(%y: memref<2xf32>):
  %x = memref.load %y[%c0] : memref<2xf32>
  memref.store %x, %out[] : memref<f32>
  // expected-note@+1 {{the path leaves here}}
  return
}

// Freeing %0 in ^bb2 would be right (only ^bb1 passes it to %r), but the
// fix does not tell paths apart: %r may be %0, and it is returned after
// ^bb2, so no fix.
func.func @returned_on_the_other_path(%cond: i1) -> memref<2xf32> {
  // expected-error@+1 {{%0 leaks when %cond is false: ^bb0 -> ^bb2 -> ^bb3 -> return [BL101]}}
  %0 = memref.alloc() : memref<2xf32>
  %1 = memref.alloc() : memref<2xf32>
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  memref.dealloc %1 : memref<2xf32>
  cf.br ^bb3(%0 : memref<2xf32>)
^bb2:
  cf.br ^bb3(%1 : memref<2xf32>)
^bb3(%r: memref<2xf32>):
  // expected-note@+1 {{the path leaves here}}
  return %r : memref<2xf32>
}
