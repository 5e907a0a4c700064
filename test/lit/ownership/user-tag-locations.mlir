// Locations the user wrote that look like the analysis's own op tags
// (`bl.<id>`) change nothing: the findings equal those of the same file
// without them (they once crashed lint on a non-number, indexed out of
// range on a large number, and hid a function's blocks from BL203).
//
// RUN: bufferlens lint %s > %t.with 2>&1
// RUN: sed -E 's/ loc\("[^"]*"\)//' %s > %t.mlir
// RUN: bufferlens lint %t.mlir > %t.without 2>&1
// RUN: sed -E 's/^[^:]*://' %t.with > %t.with.cut
// RUN: sed -E 's/^[^:]*://' %t.without > %t.without.cut
// RUN: diff %t.with.cut %t.without.cut
// RUN: FileCheck %s --input-file %t.with

// CHECK: warning: ownership is unknown at the end of ^bb3: the deallocation pipeline compares the base pointers of %2, %2 or its clone at run time [BL203]
// CHECK: 1 file linted: 0 errors, 1 warning, 2 other findings

func.func @f(%arg0: i1) -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32> loc("bl.3")
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  %1 = memref.alloc() : memref<2xf32>
  cf.br ^bb3(%1 : memref<2xf32>)
^bb2:
  cf.br ^bb3(%0 : memref<2xf32>)
^bb3(%2: memref<2xf32>):
  return %2 : memref<2xf32>
} loc("bl.zz")

func.func @g() {
  return
} loc("bl.99999")

func.func @h(%arg0: memref<2xf32>) -> memref<2xf32> {
  return %arg0 : memref<2xf32> loc("bl.0")
} loc("bl.0")
