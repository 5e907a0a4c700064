// RUN: bufferlens lint --verify --stage deallocated %s

// Eight sequential diamonds, each on its own condition: 256 paths, more
// than CheckerLimits::maxPaths. At each join the flag that chose the side is
// dead (analysis/checker/LiveValues.cpp), so the two paths that meet there
// are one path from then on and are deduplicated, without loss and without
// the precision note: the work stays linear in the number of diamonds
// (bench/checker-diamonds.py). The double free after the last one happens
// on every path, so its message names no decision.

func.func @diamonds(%flags: memref<?xi1>) {
  %x = memref.alloc() : memref<4xf32> // expected-note {{%x is allocated here}}
  memref.dealloc %x : memref<4xf32> // expected-note {{first freed here}}
  %i0 = arith.constant 0 : index
  %c0 = memref.load %flags[%i0] : memref<?xi1>
  %a0 = memref.alloc() : memref<4xf32>
  cf.cond_br %c0, ^t0, ^f0
^t0:
  memref.dealloc %a0 : memref<4xf32>
  cf.br ^j0
^f0:
  memref.dealloc %a0 : memref<4xf32>
  cf.br ^j0
^j0:
  %i1 = arith.constant 1 : index
  %c1 = memref.load %flags[%i1] : memref<?xi1>
  %a1 = memref.alloc() : memref<4xf32>
  cf.cond_br %c1, ^t1, ^f1
^t1:
  memref.dealloc %a1 : memref<4xf32>
  cf.br ^j1
^f1:
  memref.dealloc %a1 : memref<4xf32>
  cf.br ^j1
^j1:
  %i2 = arith.constant 2 : index
  %c2 = memref.load %flags[%i2] : memref<?xi1>
  %a2 = memref.alloc() : memref<4xf32>
  cf.cond_br %c2, ^t2, ^f2
^t2:
  memref.dealloc %a2 : memref<4xf32>
  cf.br ^j2
^f2:
  memref.dealloc %a2 : memref<4xf32>
  cf.br ^j2
^j2:
  %i3 = arith.constant 3 : index
  %c3 = memref.load %flags[%i3] : memref<?xi1>
  %a3 = memref.alloc() : memref<4xf32>
  cf.cond_br %c3, ^t3, ^f3
^t3:
  memref.dealloc %a3 : memref<4xf32>
  cf.br ^j3
^f3:
  memref.dealloc %a3 : memref<4xf32>
  cf.br ^j3
^j3:
  %i4 = arith.constant 4 : index
  %c4 = memref.load %flags[%i4] : memref<?xi1>
  %a4 = memref.alloc() : memref<4xf32>
  cf.cond_br %c4, ^t4, ^f4
^t4:
  memref.dealloc %a4 : memref<4xf32>
  cf.br ^j4
^f4:
  memref.dealloc %a4 : memref<4xf32>
  cf.br ^j4
^j4:
  %i5 = arith.constant 5 : index
  %c5 = memref.load %flags[%i5] : memref<?xi1>
  %a5 = memref.alloc() : memref<4xf32>
  cf.cond_br %c5, ^t5, ^f5
^t5:
  memref.dealloc %a5 : memref<4xf32>
  cf.br ^j5
^f5:
  memref.dealloc %a5 : memref<4xf32>
  cf.br ^j5
^j5:
  %i6 = arith.constant 6 : index
  %c6 = memref.load %flags[%i6] : memref<?xi1>
  %a6 = memref.alloc() : memref<4xf32>
  cf.cond_br %c6, ^t6, ^f6
^t6:
  memref.dealloc %a6 : memref<4xf32>
  cf.br ^j6
^f6:
  memref.dealloc %a6 : memref<4xf32>
  cf.br ^j6
^j6:
  %i7 = arith.constant 7 : index
  %c7 = memref.load %flags[%i7] : memref<?xi1>
  %a7 = memref.alloc() : memref<4xf32>
  cf.cond_br %c7, ^t7, ^f7
^t7:
  memref.dealloc %a7 : memref<4xf32>
  cf.br ^j7
^f7:
  memref.dealloc %a7 : memref<4xf32>
  cf.br ^j7
^j7:
  // expected-error@+1 {{double free of %x: ^bb0 -> ^t0 -> ^j0 -> ^t1 -> ^j1 -> ^t2 -> ^j2 -> ^t3 -> ^j3 -> ^t4 -> ^j4 -> ^t5 -> ^j5 -> ^t6 -> ^j6 -> ^t7 -> ^j7 [BL102]}}
  memref.dealloc %x : memref<4xf32>
  return
}
