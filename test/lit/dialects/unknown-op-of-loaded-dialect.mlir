// An op that its dialect does not have (here a misspelt `memref.alloc`):
// the dialect is loaded, so loading a plugin would not help, and the
// message says what may be wrong instead. The other function is analysed.
// RUN: not bufferlens lint %s 2>&1 | FileCheck %s --match-full-lines
// RUN: not mlir-opt %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=UPSTREAM
// CHECK:      {{.*}}unknown-op-of-loaded-dialect.mlir:12:8: error: custom op 'memref.allocc' is unknown; this operation is not analysed (the others are): its dialect is loaded and has no such operation (a misspelt name, or an operation of another version of the dialect)
// CHECK:      {{.*}}unknown-op-of-loaded-dialect.mlir:17:3: error: %0 leaks when %c is false: ^bb0 -> ^keep -> return [BL101]
// CHECK:      {{.*}}1 file linted: 2 errors, 0 warnings, 0 other findings
// UPSTREAM:   unknown-op-of-loaded-dialect.mlir:12:8: error: custom op 'memref.allocc' is unknown

func.func @misspelt() {
  %0 = memref.allocc() : memref<8xf32>
  return
}

func.func @leaks(%c: i1) {
  %0 = memref.alloc() : memref<8xf32>
  cf.cond_br %c, ^free, ^keep
^free:
  memref.dealloc %0 : memref<8xf32>
  return
^keep:
  return
}
