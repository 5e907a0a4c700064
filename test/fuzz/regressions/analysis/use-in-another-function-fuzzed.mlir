//
func.func @medQlloca(%arg0: i1) { // al(%1)
  cf.cond_br %arg0, ^bb3, ^bb4
^bb3:
  cf.br ^bb4(%1 : memref<?xf32>)
^bb4:
  cf.br ^bb5(%1 : memref<?xf32>)
^bb5(%2: memref<?xf32>):  //urn
}
//memrec.
func.func @cested(
  %arg0: i1,
  %arg1: memref<?xf32>,  // alias %%arg?xf32>,
  %arg3: index) {
 cf.cond_br %arg0, ^bb1, ^bb2(%arg3 : index)
^bb1:
  cf.br ^bb6(%arg1 : memref<?xf32>)
^bb2(%0: index):bufferization.dealloc
  %1 = memref.alloc(%0) : memref<?xf32>    cf.cond_br %arg0, ^bb3, ^bb4
^bb3:
  cf.br ^bb5(%1 : memref<?xf32>)
^bb4:
  cf.br ^bb5(%1 : memref<?xf32>)
^bb5(%2: memref<?xf32>):  //otes %2
  cf.br ^bb6(%2 : memref<?xf32>)
^bb6(%3: memref<?xf32>):  // crir/doab.d
  return
}
