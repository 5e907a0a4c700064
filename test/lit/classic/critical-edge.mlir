// A clone in front of a branch with several successors reaches the block
// argument that frees it on one edge only. Upstream's classic pass left it
// unfreed on the others (its @criticalEdge test, mlir/test/Dialect/
// Bufferization/Transforms/buffer-deallocation.mlir at
// 45d17e2243e831916d778bcc7dfc4d91a252cfb1: `bufferization.clone` before
// `cf.cond_br`, nothing in ^bb1), which leaks when ^bb1 runs
// (test/exec/classic/criticalEdge.mlir). The plan frees it at the start of
// each successor reached by that edge only, and refuses the function when
// such a successor has other predecessors (an edge it would have to split).
// RUN: bufferlens rewrite --strategy classic %s > %t.mlir 2> %t.err
// RUN: FileCheck %s --input-file %t.mlir
// RUN: FileCheck %s --input-file %t.err --check-prefix=NOTE
// RUN: mlir-opt %t.mlir -o /dev/null
// The checker finds nothing wrong in @criticalEdge's output (the stage is
// per function: @joinedEdge, unchanged, frees nothing); the refusal is
// lint's BL204 too.
// RUN: not bufferlens lint --disable BL304 %t.mlir 2>&1 | FileCheck %s --check-prefix=LINT
// LINT-NOT: [BL10
// LINT: error: classic deallocation cannot analyse @joinedEdge: a clone in front of `cf.cond_br` would leak on its edge to a block with other predecessors (a critical edge, which the classic algorithm does not split) [BL204]
// LINT-NOT: [BL10
// LINT: 1 file linted: 1 error, 0 warnings, 0 other findings

// CHECK-LABEL: func.func @criticalEdge(
//  CHECK-NEXT:   %[[C0:.*]] = bufferization.clone %arg1
//  CHECK-NEXT:   cf.cond_br %arg0, ^bb1, ^bb2(%[[C0]] : memref<2xf32>)
//  CHECK-NEXT: ^bb1:
//  CHECK-NEXT:   memref.dealloc %[[C0]] : memref<2xf32>
//  CHECK-NEXT:   %[[A:.*]] = memref.alloc()
//  CHECK-NEXT:   memref.copy %arg1, %[[A]]
//  CHECK-NEXT:   %[[C1:.*]] = bufferization.clone %[[A]]
//  CHECK-NEXT:   memref.dealloc %[[A]]
//  CHECK-NEXT:   cf.br ^bb2(%[[C1]] : memref<2xf32>)
//  CHECK-NEXT: ^bb2(%[[M:.*]]: memref<2xf32>):
//  CHECK-NEXT:   memref.copy %[[M]], %arg2
//  CHECK-NEXT:   memref.dealloc %[[M]]
//  CHECK-NEXT:   return
func.func @criticalEdge(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>) {
  cf.cond_br %arg0, ^bb1, ^bb2(%arg1 : memref<2xf32>)
^bb1:
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %arg1, %0 : memref<2xf32> to memref<2xf32>
  cf.br ^bb2(%0 : memref<2xf32>)
^bb2(%1: memref<2xf32>):
  memref.copy %1, %arg2 : memref<2xf32> to memref<2xf32>
  return
}

// The clone of %0 in front of the cf.cond_br in ^bb1 would leak on the
// edge to ^bb3, which ^bb2 also reaches.
// NOTE: note: @joinedEdge is unchanged: classic deallocation cannot analyse @joinedEdge: a clone in front of `cf.cond_br` would leak on its edge to a block with other predecessors (a critical edge, which the classic algorithm does not split)
// CHECK-LABEL: func.func @joinedEdge(
//  CHECK-NEXT:   cf.cond_br %arg0, ^bb1, ^bb2(%arg2 : memref<2xf32>)
func.func @joinedEdge(%arg0: i1, %arg1: i1, %arg2: memref<2xf32>, %arg3: memref<2xf32>) {
  cf.cond_br %arg0, ^bb1, ^bb2(%arg2 : memref<2xf32>)
^bb1:
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %arg2, %0 : memref<2xf32> to memref<2xf32>
  cf.cond_br %arg1, ^bb2(%0 : memref<2xf32>), ^bb3
^bb2(%1: memref<2xf32>):
  memref.copy %1, %arg3 : memref<2xf32> to memref<2xf32>
  cf.br ^bb3
^bb3:
  return
}
