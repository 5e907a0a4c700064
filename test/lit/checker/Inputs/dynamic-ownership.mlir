// Input of dynamic-ownership.test: private callees that return a fresh
// buffer, their argument, or either, called the way users write it. The
// test runs upstream's --buffer-deallocation-pipeline with
// private-function-dynamic-ownership on it: each private callee then
// returns an ownership flag per memref result, and the callers free a
// result only where its flag says they own it.
// EXEC: @entry
// clean-on-correct-ir: skip: the classic strategy frees no call result
// (README, "The classic deallocation plan"), and these callers return them.

func.func private @fresh() -> memref<4xf32> {
  %0 = memref.alloc() : memref<4xf32>
  return %0 : memref<4xf32>
}

func.func private @identity(%m: memref<4xf32>) -> memref<4xf32> {
  return %m : memref<4xf32>
}

func.func private @either(%m: memref<4xf32>, %c: i1) -> memref<4xf32> {
  %0 = scf.if %c -> memref<4xf32> {
    %a = memref.alloc() : memref<4xf32>
    scf.yield %a : memref<4xf32>
  } else {
    scf.yield %m : memref<4xf32>
  }
  return %0 : memref<4xf32>
}

func.func private @two(%m: memref<4xf32>, %c: i1) -> (memref<4xf32>, memref<4xf32>) {
  %0 = call @either(%m, %c) : (memref<4xf32>, i1) -> memref<4xf32>
  %1 = call @fresh() : () -> memref<4xf32>
  return %0, %1 : memref<4xf32>, memref<4xf32>
}

func.func @entry(%c: i1, %d: i1) -> f32 {
  %i = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %f = call @fresh() : () -> memref<4xf32>
  %g = call @identity(%a) : (memref<4xf32>) -> memref<4xf32>
  %h = call @either(%a, %c) : (memref<4xf32>, i1) -> memref<4xf32>
  %p:2 = call @two(%f, %d) : (memref<4xf32>, i1) -> (memref<4xf32>, memref<4xf32>)
  %x = memref.load %g[%i] : memref<4xf32>
  %y = memref.load %h[%i] : memref<4xf32>
  %z = memref.load %p#0[%i] : memref<4xf32>
  %w = memref.load %p#1[%i] : memref<4xf32>
  %s = arith.addf %x, %y : f32
  %t = arith.addf %z, %w : f32
  %r = arith.addf %s, %t : f32
  return %r : f32
}
