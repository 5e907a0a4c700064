// An allocation in a block no path reaches (found by fuzz-analysis): the
// hoisting analysis asked the dominator tree for the common dominator of an
// unreachable block and crashed. Unreachable blocks have no dominator, so
// nothing is hoisted out of or into them; the rest is analysed as usual.
// RUN: bufferlens lint --verify %s

func.func @alloc_in_unreachable_block(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  cf.cond_br %arg0, ^bb1, ^bb1
^bb1:
  // expected-note@+1 {{%arg1 flows into %1 here: the plan clones it before cf.br}}
  cf.br ^bb3(%arg1 : memref<2xf32>)
^bb2:
  %0 = memref.alloc() : memref<2xf32>
  %u0 = memref.load %0[%c0] : memref<2xf32>
  // expected-note@+1 {{%0 flows into %1 here: the plan clones it before cf.br}}
  cf.br ^bb3(%0 : memref<2xf32>)
// expected-remark@+1 {{%1 is a critical alias of %arg1 and %0: it needs a clone in ^bb1 and ^bb2}}
^bb3(%1: memref<2xf32>):
  memref.copy %1, %arg2 : memref<2xf32> to memref<2xf32>
  return
}
