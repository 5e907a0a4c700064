// RUN: bufferlens lint --verify --stage deallocated %s

// Comparisons over the same operands are decided together (IntFacts.h):
// every function here frees %a exactly once on every execution, which
// int-comparisons-exec.test confirms under the execution harness for
// several values of the index arguments.

// `ult %n, 3` and `ugt %n, 2`: exactly one holds.
func.func @ult_and_ugt(%n: index) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<2xf32>
  %lt = arith.cmpi ult, %n, %c3 : index
  scf.if %lt {
    memref.dealloc %a : memref<2xf32>
  }
  %gt = arith.cmpi ugt, %n, %c2 : index
  scf.if %gt {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// `slt %n, 5` and `sgt %n, 4`.
func.func @slt_and_sgt(%n: index) {
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %a = memref.alloc() : memref<2xf32>
  %lt = arith.cmpi slt, %n, %c5 : index
  scf.if %lt {
    memref.dealloc %a : memref<2xf32>
  }
  %gt = arith.cmpi sgt, %n, %c4 : index
  scf.if %gt {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// Three-way ordering of two arguments.
func.func @three_way(%n: index, %m: index) {
  %a = memref.alloc() : memref<2xf32>
  %lt = arith.cmpi slt, %n, %m : index
  scf.if %lt {
    memref.dealloc %a : memref<2xf32>
  }
  %gt = arith.cmpi slt, %m, %n : index
  scf.if %gt {
    memref.dealloc %a : memref<2xf32>
  }
  %eq = arith.cmpi eq, %n, %m : index
  scf.if %eq {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// Intervals: below 3, in [3, 10), from 10 on.
func.func @intervals(%n: index) {
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %a = memref.alloc() : memref<2xf32>
  %low = arith.cmpi slt, %n, %c3 : index
  scf.if %low {
    memref.dealloc %a : memref<2xf32>
  }
  %p = arith.cmpi sge, %n, %c3 : index
  %q = arith.cmpi slt, %n, %c10 : index
  %mid = arith.andi %p, %q : i1
  scf.if %mid {
    memref.dealloc %a : memref<2xf32>
  }
  %high = arith.cmpi sgt, %n, %c3 : index
  %top = arith.cmpi sge, %n, %c10 : index
  %both = arith.andi %high, %top : i1
  scf.if %both {
    memref.dealloc %a : memref<2xf32>
  }
  return
}

// Unsigned equals signed once %n is known not to be negative.
func.func @unsigned_when_not_negative(%n: index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<2xf32>
  %neg = arith.cmpi slt, %n, %c0 : index
  scf.if %neg {
    memref.dealloc %a : memref<2xf32>
  } else {
    %lt = arith.cmpi ult, %n, %c3 : index
    scf.if %lt {
      memref.dealloc %a : memref<2xf32>
    }
    %gt = arith.cmpi sgt, %n, %c2 : index
    scf.if %gt {
      memref.dealloc %a : memref<2xf32>
    }
  }
  return
}

// A select and an scf.if result feed the comparisons.
func.func @select_and_if_results(%c: i1, %n: index) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c9 = arith.constant 9 : index
  %a = memref.alloc() : memref<2xf32>
  %s = arith.select %c, %n, %c9 : index
  %r = scf.if %c -> (index) {
    %x = arith.addi %s, %c1 : index
    scf.yield %x : index
  } else {
    scf.yield %c5 : index
  }
  %lt = arith.cmpi slt, %r, %c5 : index
  scf.if %lt {
    memref.dealloc %a : memref<2xf32>
  }
  %gt = arith.cmpi sgt, %r, %c4 : index
  scf.if %gt {
    memref.dealloc %a : memref<2xf32>
  }
  return
}
