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
