// From upstream: the multi-buffering RFC (D119406) (`@multi_buffer`, the input before
// multi-buffering).
//
// %0 is allocated outside the loop, fully overwritten at the start of every
// iteration (the copy of a 4x128 tile of %a) and only read afterwards: a
// multi-buffering candidate (the transformation gives %0 a leading dimension
// and rotates the iterations through its slices).
//
// Changes from the upstream document:
// - The subview result layout
//   `affine_map<(d0, d1)[s0] -> (d0 * 1024 + s0 + d1)>` is written in
//   today's equivalent form `strided<[1024, 1], offset: ?>`.
// - `"some_use"(%0)` (not an upstream op) is a read of one element,
//   `memref.load %0[%c0, %c0]`; %c0 is the index it needs.
// - As in the upstream document, the tile reaches past the end of %a in the last
//   iteration (%arg2 = 1021 selects rows 1021..1024 of 1024), and %0 is never
//   freed.
func.func @multi_buffer(%a: memref<1024x1024xf32>) {
  %0 = memref.alloc() : memref<4x128xf32>
  %c1024 = arith.constant 1024 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c0 = arith.constant 0 : index
  scf.for %arg2 = %c1 to %c1024 step %c3 {
    %1 = memref.subview %a[%arg2, 0] [4, 128] [1, 1] :
      memref<1024x1024xf32> to memref<4x128xf32, strided<[1024, 1], offset: ?>>
    memref.copy %1, %0 : memref<4x128xf32, strided<[1024, 1], offset: ?>> to memref<4x128xf32>
    %u0 = memref.load %0[%c0, %c0] : memref<4x128xf32>  // "some_use"(%0)
  }
  return
}
