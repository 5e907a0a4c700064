// Input of recursive-dynamic-ownership.test: a private recursive callee
// that returns a fresh buffer at the bottom of its recursion, either
// directly or through the recursive call, and one that frees its argument
// at the bottom (every path through the recursion frees it). The test runs
// upstream's --buffer-deallocation-pipeline with
// private-function-dynamic-ownership on it: @fresh_at_bottom then returns an
// ownership flag with its result, and @entry frees the result where the
// flag says it owns it.
// EXEC: @entry
// clean-on-correct-ir: skip: the classic strategy frees no call result
// (README, "The classic deallocation plan"), and this caller uses one.

func.func private @fresh_at_bottom(%n: index, %c: i1) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %done = arith.cmpi eq, %n, %c0 : index
  cf.cond_br %done, ^base, ^step
^base:
  %a = memref.alloc() : memref<4xf32>
  return %a : memref<4xf32>
^step:
  %c1 = arith.constant 1 : index
  %m = arith.subi %n, %c1 : index
  %r = func.call @fresh_at_bottom(%m, %c) : (index, i1) -> memref<4xf32>
  return %r : memref<4xf32>
}

func.func @entry(%c: i1) -> f32 {
  %i = arith.constant 0 : index
  %n = arith.constant 3 : index
  %r = call @fresh_at_bottom(%n, %c) : (index, i1) -> memref<4xf32>
  %x = memref.load %r[%i] : memref<4xf32>
  return %x : f32
}
