// RUN: bufferlens lint --verify --stage deallocated %s

// One positive and one negative case per construct the checker follows.

// arith.select: the selected buffer is freed; the other one leaks.
func.func @select_frees_one(%c: i1) {
  %0 = memref.alloc() : memref<2xf32> // expected-error {{%0 leaks when %c is false: ^bb0 -> return [BL101]}}
  %1 = memref.alloc() : memref<2xf32> // expected-error {{%1 leaks when %c is true: ^bb0 -> return [BL101]}}
  %2 = arith.select %c, %0, %1 : memref<2xf32>
  memref.dealloc %2 : memref<2xf32>
  // expected-note@+2 {{the path leaves here}}
  // expected-note@+1 {{the path leaves here}}
  return
}

func.func @select_ownership(%c: i1, %arg: memref<2xf32>) {
  %true = arith.constant true
  %false = arith.constant false
  %0 = memref.alloc() : memref<2xf32>
  %1 = arith.select %c, %0, %arg : memref<2xf32>
  %own = arith.select %c, %true, %false : i1
  scf.if %own {
    memref.dealloc %1 : memref<2xf32>
  }
  %n = arith.xori %c, %true : i1
  scf.if %n {
    memref.dealloc %0 : memref<2xf32>
  }
  return
}

// scf.while: a buffer per iteration, freed (or not) in the body.
func.func @while_leak(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.while (%i = %c0) : (index) -> index {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    %0 = memref.alloc() : memref<2xf32> // expected-error {{%0 leaks when %n > 0: ^bb0 -> next iteration of scf.while [BL101]}}
    %next = arith.addi %i, %c1 : index
    scf.yield %next : index // expected-note {{the loop continues here}}
  }
  return
}

func.func @while_clean(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.while (%i = %c0) : (index) -> index {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    %0 = memref.alloc() : memref<2xf32>
    memref.dealloc %0 : memref<2xf32>
    %next = arith.addi %i, %c1 : index
    scf.yield %next : index
  }
  return
}

// affine.for and affine.if: constant bounds run every iteration, and the
// integer set is evaluated on them (%i = 2 frees, %i = 3 frees again).
func.func @affine_double_free() {
  %0 = memref.alloc() : memref<2xf32> // expected-note {{%0 is allocated here}}
  affine.for %i = 0 to 4 {
    affine.if affine_set<(d0) : (d0 - 2 >= 0)>(%i) {
      memref.dealloc %0 : memref<2xf32> // expected-error {{double free of %0: ^bb0 [BL102]}}
      // expected-note@-1 {{first freed here}}
    }
  }
  return
}

func.func @affine_clean() {
  affine.for %i = 0 to 4 {
    %0 = memref.alloc() : memref<2xf32>
    affine.if affine_set<(d0) : (d0 - 2 >= 0)>(%i) {
      memref.dealloc %0 : memref<2xf32>
    } else {
      memref.dealloc %0 : memref<2xf32>
    }
  }
  return
}

// scf.execute_region with its own CFG, and a region result.
func.func @execute_region(%c: i1) {
  %0 = memref.alloc() : memref<2xf32> // expected-error {{%0 leaks when %c is false: ^bb0 -> scf.execute_region -> ^else -> ^join -> return [BL101]}}
  %1 = scf.execute_region -> memref<2xf32> {
    cf.cond_br %c, ^then, ^else
  ^then:
    memref.dealloc %0 : memref<2xf32>
    %a = memref.alloc() : memref<2xf32>
    cf.br ^join(%a : memref<2xf32>)
  ^else:
    %b = memref.alloc() : memref<2xf32>
    cf.br ^join(%b : memref<2xf32>)
  ^join(%r: memref<2xf32>):
    scf.yield %r : memref<2xf32>
  }
  memref.dealloc %1 : memref<2xf32>
  return // expected-note {{the path leaves here}}
}

// Calls: a callee in the module that follows the function-boundary ABI
// takes no ownership, and its fresh results are owned (callees.mlir for
// callees that do not); passing a freed buffer to a callee that reads it is
// a use.
func.func private @make() -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32>
  return %0 : memref<2xf32>
}
func.func private @read(%m: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<2xf32>
  return
}
func.func @calls() {
  %0 = func.call @make() : () -> memref<2xf32>
  func.call @read(%0) : (memref<2xf32>) -> ()
  memref.dealloc %0 : memref<2xf32>
  func.call @read(%0) : (memref<2xf32>) -> () // expected-error {{use of %0 after it was freed: ^bb0 [BL103]}}
  // expected-note@-2 {{freed here}}
  // expected-note@-5 {{%0 is allocated here}}
  return
}

// scf.index_switch: every case is followed for an unknown selector.
func.func @index_switch(%i: index) {
  %0 = memref.alloc() : memref<2xf32> // expected-error {{%0 leaks: ^bb0 -> return [BL101]}}
  scf.index_switch %i
  case 0 {
    memref.dealloc %0 : memref<2xf32>
    scf.yield
  }
  default {
  }
  return // expected-note {{the path leaves here}}
}

func.func @index_switch_constant() {
  %c1 = arith.constant 1 : index
  %0 = memref.alloc() : memref<2xf32>
  scf.index_switch %c1
  case 0 {
    scf.yield
  }
  default {
    memref.dealloc %0 : memref<2xf32>
  }
  return
}

// An op whose regions the checker does not follow frees memory there: no
// leak is reported after it, with a note.
func.func @unfollowed_region() { // expected-remark {{deallocation checker: precision reduced in @unfollowed_region: `test.region` frees memory in regions the checker does not follow; no leak is reported after it}}
  %0 = memref.alloc() : memref<2xf32>
  "test.region"() ({
    memref.dealloc %0 : memref<2xf32>
  }) : () -> ()
  return
}

// scf.parallel and scf.forall bodies run as loops.
func.func @parallel_leak(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %0 = memref.alloc() : memref<2xf32> // expected-error {{%0 leaks: ^bb0 -> next iteration of scf.parallel [BL101]}}
    scf.reduce // expected-note {{the loop continues here}}
  }
  return
}

func.func @forall_clean(%n: index) {
  scf.forall (%i) in (%n) {
    %0 = memref.alloc() : memref<2xf32>
    memref.dealloc %0 : memref<2xf32>
  }
  return
}
