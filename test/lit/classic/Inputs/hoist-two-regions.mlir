// The input of hoist-fix-renames.test: two sibling regions each define %alloc.
func.func @two_regions(%c: i1, %f: f32, %i: index) {
  scf.if %c {
    %alloc = memref.alloc() : memref<2xf32>
    memref.store %f, %alloc[%i] : memref<2xf32>
  }
  scf.if %c {
    %alloc = memref.alloc() : memref<2xf32>
    memref.store %f, %alloc[%i] : memref<2xf32>
  }
  return
}
