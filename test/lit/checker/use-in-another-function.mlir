// In IR that does not verify, a value can have a use in another function
// (MLIR's parser resolves the forward reference %1 in the first function to
// the second function's %1). Looking for a fix for the leak of %1, the
// checker asked that use's branch for the block argument it feeds, and the
// branch, which has an operand its successor has no argument for, read past
// the successor's arguments: the analysis crashed (found by fuzz-analysis).
// Now a use outside the function ends the search, before the user is asked
// anything: the leak is reported without a fix, beside MLIR's error.
// RUN: not bufferlens lint --format json %s > %t.json
// RUN: python3 %inputs/fixes.py show %t.json | count 0
// RUN: not bufferlens lint %s 2>&1 | FileCheck %s --match-full-lines
// CHECK:      {{.*}}use-in-another-function.mlir:18:3: error: branch has 1 operands for successor #0, but target block has 0
// CHECK:      {{.*}}use-in-another-function.mlir:25:3: error: %1 leaks: ^bb0 -> return [BL101]
// CHECK:      1 file linted: 2 errors, 0 warnings, 0 other findings
func.func @uses_another_functions_value(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb2(%1 : memref<?xf32>)
^bb2:
  return
}
func.func @leaks(%n: index) {
  %0 = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %0 : memref<?xf32>
  %1 = memref.alloc(%n) : memref<?xf32>
  return
}
