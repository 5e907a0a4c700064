// Returns a buffer it has already freed on one path; the other path returns
// two results, one of them a clone (lowered by lower-bufferization).
// EXEC: @returns_freed lower-bufferization
// EXPECT: combo arg0=0: ok
// EXPECT: combo arg0=1: returns-freed
func.func @returns_freed(%arg0: i1) -> (memref<2xf32>, i1, memref<3xi8>) {
  %0 = memref.alloc() : memref<2xf32>
  %1 = memref.alloc() : memref<3xi8>
  %2 = bufferization.clone %1 : memref<3xi8> to memref<3xi8>
  memref.dealloc %1 : memref<3xi8>
  scf.if %arg0 {
    memref.dealloc %0 : memref<2xf32>
  }
  return %0, %arg0, %2 : memref<2xf32>, i1, memref<3xi8>
}
