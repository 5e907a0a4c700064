// RUN: bufferlens lint --verify --disable BL301 %s

// BL204: each precondition of the ownership-based deallocation pass, at the
// offending op, in plain words.

func.func @cfg_loop(%n: i1) {
  %0 = memref.alloc() : memref<2xf32>
  cf.br ^bb1
^bb1:
  // expected-note@-4 {{in this function}}
  // expected-error@+1 {{the deallocation pass rejects @cfg_loop: it contains a control-flow loop made of branches (^bb1 -> ^bb1); only structured loops (scf.for, scf.while) are supported [BL204]}}
  cf.cond_br %n, ^bb1, ^bb2
^bb2:
  return
}

func.func @unknown_effects() {
  %0 = memref.alloc() : memref<2xf32>
  // expected-error@+1 {{the deallocation pass rejects `test.opaque`: its memory effects are unknown (it does not implement MemoryEffectOpInterface), so the pass cannot tell whether it allocates or frees [BL204]}}
  "test.opaque"(%0) : (memref<2xf32>) -> ()
  return
}

func.func @region_without_interface(%m: memref<4xf32>, %i: index) {
  %0 = memref.alloc() : memref<2xf32>
  // expected-error@+1 {{the deallocation pass rejects `memref.generic_atomic_rmw`: it has regions but does not implement RegionBranchOpInterface, so the pass cannot follow its control flow [BL204]}}
  %x = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%cur: f32):
    %c1 = arith.constant 1.0 : f32
    %n = arith.addf %cur, %c1 : f32
    memref.atomic_yield %n : f32
  }
  return
}

func.func @switch(%c: i32) {
  %0 = memref.alloc() : memref<2xf32>
  // expected-error@+1 {{the deallocation pass rejects `cf.switch`: branches with more than one successor are supported only for cf.cond_br [BL204]}}
  cf.switch %c : i32, [
    default: ^bb1,
    42: ^bb2
  ]
^bb1:
  return
^bb2:
  return
}
