// A function over the per-function budget verifies; it was only not
// analysed. The classic rewrite and the graph say so, not "does not
// verify" (the budget of 5 operations comes from the test's config).
// RUN: bufferlens rewrite --strategy classic --config %S/Inputs/budget/.bufferlens.json %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REWRITE
// REWRITE: note: @big is unchanged: not analysed: @big has 6 operations, more than the budget of 5 (functionBudget.operations)
// REWRITE-NOT: does not verify
// RUN: bufferlens graph --config %S/Inputs/budget/.bufferlens.json --function big %s | FileCheck %s --check-prefix=GRAPH
// GRAPH: the function is not analysed: @big has 6 operations, more than the budget of 5 (functionBudget.operations): only its source structure is shown
// GRAPH-NOT: does not verify
func.func @big() {
  %0 = memref.alloc() : memref<8xf32>
  %1 = memref.alloc() : memref<8xf32>
  %2 = memref.alloc() : memref<8xf32>
  memref.dealloc %0 : memref<8xf32>
  memref.dealloc %1 : memref<8xf32>
  return
}
