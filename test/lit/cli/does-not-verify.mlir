// A function that does not verify is not analysed, and nothing asks its ops
// for their effects: `linalg.generic` with a payload block short of
// arguments crashed the stage decision (it indexes the block's arguments,
// which only the verifier guarantees). Lint reports the verifier's error
// alone; explain and graph claim no stage for it.
// RUN: not bufferlens lint %s 2>&1 | FileCheck %s --check-prefix=LINT --match-full-lines
// LINT:      {{.*}}does-not-verify.mlir:20:5: error: 'linalg.yield' op expected number of yield values (0) to match the number of inits / outs operands of the enclosing LinalgOp (1)
// LINT:      1 file linted: 1 error, 0 warnings, 0 other findings
// RUN: bufferlens explain %s:17:3 | FileCheck %s --check-prefix=EXPLAIN --match-full-lines
// EXPLAIN:      **%0** : `memref<4xf32>` in `@broken`
// EXPLAIN-EMPTY:
// EXPLAIN-NEXT: Not analysed: the function does not verify.
// RUN: bufferlens graph --function broken %s | FileCheck %s --check-prefix=GRAPH
// GRAPH: label=<<B>@broken  ·  as written</B><BR ALIGN="LEFT"/>the function does not verify: only its source structure is shown<BR ALIGN="LEFT"/>>];
#map = affine_map<(d0) -> (d0)>
func.func @broken(%a: memref<4xf32>) {
  %0 = memref.alloc() : memref<4xf32>
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%a : memref<4xf32>) outs(%0 : memref<4xf32>) {
  ^bb0:
    linalg.yield
  }
  memref.dealloc %0 : memref<4xf32>
  return
}
