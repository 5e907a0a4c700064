// MLIR 22's deallocation pass reads freed memory when a region op's result
// is used outside its block (llvm/llvm-project#119863):
// BL204 says so at the op, the pass never runs on that function, and the
// other functions are analysed as usual. `rewrite --stage ownership` (the
// bare pass) refuses the function the same way instead of running the
// pass; the whole pipeline canonicalizes first, which here folds the loop
// away, so `rewrite` checks the canonicalized input and matches mlir-opt.
//
// RUN: bufferlens lint --verify --disable BL301,BL302 %s
// RUN: not bufferlens rewrite --strategy ownership --stage ownership %s 2>&1 | FileCheck %s --check-prefix=REFUSED
// REFUSED: known-pass-crash.mlir:[[@LINE+11]]:8: error: the deallocation pass of MLIR 22 cannot analyse this function: it reads freed memory on `scf.for`
// RUN: bufferlens rewrite --strategy ownership %s > %t.ours
// RUN: mlir-opt --buffer-deallocation-pipeline %s > %t.upstream
// RUN: diff %t.upstream %t.ours

func.func @result_used_after_branch(%a: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %alloc = memref.alloc() : memref<4xf32>
  // expected-error@+1 {{the deallocation pass of MLIR 22 cannot analyse this function: it reads freed memory on `scf.for` when a result is used outside its block, and then crashes or frees buffers still in use (llvm/llvm-project#119863, fixed in later MLIR); pass the result on as a block argument to analyse it [BL204]}}
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%it = %alloc) -> (memref<4xf32>) {
    scf.yield %it : memref<4xf32>
  }
  cf.br ^bb1
^bb1:
  %v = memref.load %r[%c0] : memref<4xf32>
  return %v : f32
}

// The advice taken: the result reaches ^bb1 as a block argument, which the
// pass handles (valgrind-clean in mlir-opt), so nothing is reported.
func.func @result_passed_as_argument(%a: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %alloc = memref.alloc() : memref<4xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%it = %alloc) -> (memref<4xf32>) {
    scf.yield %it : memref<4xf32>
  }
  cf.br ^bb1(%r : memref<4xf32>)
^bb1(%m: memref<4xf32>):
  %v = memref.load %m[%c0] : memref<4xf32>
  return %v : f32
}

// A result used only inside a later region of the same block is fine too.
func.func @result_used_in_a_later_region(%c: i1, %a: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %alloc = memref.alloc() : memref<4xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%it = %alloc) -> (memref<4xf32>) {
    scf.yield %it : memref<4xf32>
  }
  %v = scf.if %c -> (f32) {
    %l = memref.load %r[%c0] : memref<4xf32>
    scf.yield %l : f32
  } else {
    %z = arith.constant 0.0 : f32
    scf.yield %z : f32
  }
  return %v : f32
}

// A use in an unreachable block is a use outside the block too: the pass
// walks the stale value when it handles that block's return.
func.func @result_used_in_unreachable_block(%a: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %alloc = memref.alloc() : memref<4xf32>
  // expected-error@+1 {{the deallocation pass of MLIR 22 cannot analyse this function: it reads freed memory on `scf.for` when a result is used outside its block}}
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%it = %alloc) -> (memref<4xf32>) {
    scf.yield %it : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  return %v : f32
^bb1:
  %w = memref.load %r[%c0] : memref<4xf32>
  return %w : f32
}
