// A function over the per-function budget is reported as not analysed, and
// the other functions of the file still are. The budget of 5 operations
// comes from the test's config (functionBudget.operations).
// RUN: bufferlens lint --verify --config %S/Inputs/budget/.bufferlens.json %s
// Without the budget the big function's leak is found:
// RUN: not bufferlens lint %s | FileCheck %s --check-prefix=UNBOUNDED
// UNBOUNDED: function-budget.mlir:[[@LINE+6]]:3: error: {{.*}}%2{{.*}} [BL101]

// expected-remark@+1 {{not analysed: @big has 6 operations, more than the budget of 5 (functionBudget.operations)}}
func.func @big() {
  %0 = memref.alloc() : memref<8xf32>
  %1 = memref.alloc() : memref<8xf32>
  %2 = memref.alloc() : memref<8xf32>
  memref.dealloc %0 : memref<8xf32>
  memref.dealloc %1 : memref<8xf32>
  return
}

func.func @small() {
  %0 = memref.alloc() : memref<8xf32>
  // expected-error@+1 {{%1 leaks: ^bb0 -> return [BL101]}}
  %1 = memref.alloc() : memref<8xf32>
  memref.dealloc %0 : memref<8xf32>
  // expected-note@+1 {{the path leaves here}}
  return
}
