// buffer-results-to-out-params output of src/out_params.tensor.mlir, made by
// (test/lit/copies/out-params-generated.test checks it is still upstream's
// output):
//   mlir-opt src/out_params.tensor.mlir --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map copy-before-write" --buffer-results-to-out-params=modify-public-functions --buffer-deallocation-pipeline
// BL305 on the text as written: @square's temporary (reusing its out
// parameter) and @squareThenSet's copy made before the insert (reusing the
// generic's buffer); once that one is fixed, the copy into @squareThenSet's
// out parameter too. Not the copies whose target has `alignment = 64` and
// whose source has none (the source cannot keep that promise), nor those
// whose temporary is written by a call (a call's effects are unknown).
// BL305: 2
// COPIES-AFTER-FIX: 7
// The findings, exactly (test/lit/copies/out-params-generated.test):
// expected-warning@30 {{the copy of %alloc into %arg1 is redundant: %alloc is a new buffer, written, copied and freed, and nothing in between can see %arg1 written earlier, so %arg1 can be written in place of %alloc [BL305]}}
// expected-note@24 {{this allocation of %alloc goes away with the copy}}
// expected-note@31 {{this free of %alloc goes away with the copy}}
// expected-warning@59 {{the copy of %alloc into %alloc_0 is redundant: %alloc_0 is a new buffer and %alloc is freed after the copy with no other use after it, so %alloc can be used in place of %alloc_0 [BL305]}}
// expected-note@58 {{this allocation of %alloc_0 goes away with the copy}}
// expected-note@62 {{this free of %alloc goes away with the copy}}
#map = affine_map<(d0) -> (d0)>
module {
  memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> {alignment = 64 : i64}
  func.func private @square(%arg0: memref<4xf32>, %arg1: memref<4xf32>) {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : memref<4xf32>) outs(%alloc : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.mulf %in, %in : f32
      linalg.yield %0 : f32
    }
    memref.copy %alloc, %arg1 : memref<4xf32> to memref<4xf32>
    memref.dealloc %alloc : memref<4xf32>
    return
  }
  func.func @fourth(%arg0: memref<4xf32>, %arg1: memref<4xf32>) {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %arg0, %alloc : memref<4xf32> to memref<4xf32>
    %alloc_0 = memref.alloc() : memref<4xf32>
    call @square(%alloc, %alloc_0) : (memref<4xf32>, memref<4xf32>) -> ()
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %alloc_0, %alloc_1 : memref<4xf32> to memref<4xf32>
    %alloc_2 = memref.alloc() : memref<4xf32>
    call @square(%alloc_1, %alloc_2) : (memref<4xf32>, memref<4xf32>) -> ()
    memref.copy %alloc_2, %arg1 : memref<4xf32> to memref<4xf32>
    memref.dealloc %alloc : memref<4xf32>
    memref.dealloc %alloc_0 : memref<4xf32>
    memref.dealloc %alloc_1 : memref<4xf32>
    memref.dealloc %alloc_2 : memref<4xf32>
    return
  }
  func.func @squareThenSet(%arg0: memref<4xf32>, %arg1: f32, %arg2: memref<4xf32>) {
    %c0 = arith.constant 0 : index
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : memref<4xf32>) outs(%alloc : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.mulf %in, %in : f32
      linalg.yield %0 : f32
    }
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %alloc, %alloc_0 : memref<4xf32> to memref<4xf32>
    memref.store %arg1, %alloc_0[%c0] : memref<4xf32>
    memref.copy %alloc_0, %arg2 : memref<4xf32> to memref<4xf32>
    memref.dealloc %alloc : memref<4xf32>
    memref.dealloc %alloc_0 : memref<4xf32>
    return
  }
  func.func @print(%arg0: memref<4xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %arg1 = %c0 to %c4 step %c1 {
      %0 = memref.load %arg0[%arg1] : memref<4xf32>
      vector.print %0 : f32
    }
    return
  }
  func.func @entry() {
    %cst = arith.constant -1.000000e+00 : f32
    %0 = memref.get_global @__constant_4xf32 : memref<4xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %0, %alloc : memref<4xf32> to memref<4xf32>
    %alloc_0 = memref.alloc() : memref<4xf32>
    call @fourth(%alloc, %alloc_0) : (memref<4xf32>, memref<4xf32>) -> ()
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %alloc_0, %alloc_1 : memref<4xf32> to memref<4xf32>
    call @print(%alloc_1) : (memref<4xf32>) -> ()
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %0, %alloc_2 : memref<4xf32> to memref<4xf32>
    %alloc_3 = memref.alloc() : memref<4xf32>
    call @squareThenSet(%alloc_2, %cst, %alloc_3) : (memref<4xf32>, f32, memref<4xf32>) -> ()
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %alloc_3, %alloc_4 : memref<4xf32> to memref<4xf32>
    call @print(%alloc_4) : (memref<4xf32>) -> ()
    memref.dealloc %alloc : memref<4xf32>
    memref.dealloc %alloc_0 : memref<4xf32>
    memref.dealloc %alloc_1 : memref<4xf32>
    memref.dealloc %alloc_2 : memref<4xf32>
    memref.dealloc %alloc_3 : memref<4xf32>
    memref.dealloc %alloc_4 : memref<4xf32>
    return
  }
}

