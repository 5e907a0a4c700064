// An op of a dialect BufferLens has not loaded, in its custom syntax, costs
// only the top-level op it is in: the parse error stays at its range and
// says how to make the op parse, and the other functions are analysed by
// lint, graph and explain (the double free and the leak below are found).
// RUN: not bufferlens lint %s 2>&1 | FileCheck %s --check-prefix=LINT --match-full-lines
// LINT:      {{.*}}unknown-custom-syntax.mlir:21:3: error: Dialect `acme' not found for custom op 'acme.transform'; this operation is not analysed (the others are): load its dialect's plugin (`--load-dialect-plugin=PATH`, or "plugins" in .bufferlens.json or the server's settings), or print the IR in generic form (`mlir-opt --mlir-print-op-generic`) and describe its operations under "operations" in .bufferlens.json
// LINT-NEXT:   acme.transform %arg0 : memref<8xf32>
// LINT-NEXT:   ^~~~~~~~~~~~~~
// LINT-NEXT: {{.*}}unknown-custom-syntax.mlir:30:3: error: double free of %0: ^bb0 [BL102]
// LINT:      {{.*}}unknown-custom-syntax.mlir:36:3: error: Dialect `acme' not found for custom op 'acme.copy'; this operation is not analysed (the others are): {{.*}}
// LINT-NEXT:   acme.copy %arg0, %arg0 : memref<8xf32>
// LINT-NEXT:   ^~~~~~~~~
// LINT-NEXT: {{.*}}unknown-custom-syntax.mlir:41:3: error: %0 leaks when %c is false: ^bb0 -> ^keep -> return [BL101]
// LINT:      {{.*}}1 file linted: 4 errors, 0 warnings, 0 other findings
// RUN: bufferlens graph --function double_free %s | FileCheck %s --check-prefix=GRAPH
// GRAPH: digraph "double_free" {
// GRAPH: TITLE="memref.dealloc %0 : memref&lt;8xf32&gt;&#10;BL102: double free of %0: ^bb0"
// RUN: bufferlens explain %s:41:3 | FileCheck %s --check-prefix=EXPLAIN
// EXPLAIN: - `memref.dealloc` at line 44
func.func @uses_acme(%arg0: memref<8xf32>) {
  acme.transform %arg0 : memref<8xf32>
  return
}

func.func @double_free() {
  %0 = memref.alloc() : memref<8xf32>
  %1 = memref.alloc() : memref<8xf32>
  memref.dealloc %1 : memref<8xf32>
  memref.dealloc %0 : memref<8xf32>
  memref.dealloc %0 : memref<8xf32>
  return
}

func.func @also_acme(%arg0: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  acme.copy %arg0, %arg0 : memref<8xf32>
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
