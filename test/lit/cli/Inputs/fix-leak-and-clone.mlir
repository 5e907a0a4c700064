// A leak on one branch (BL101) and a redundant clone (BL304).
func.func @leak_one_branch(%cond: i1) {
  %0 = memref.alloc() : memref<4xf32>
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  memref.dealloc %0 : memref<4xf32>
  return
^bb2:
  return
}

func.func @redundant_clone(%n: index) -> memref<?xf32> {
  %1 = memref.alloc(%n) : memref<?xf32>
  %2 = bufferization.clone %1 : memref<?xf32> to memref<?xf32>
  memref.dealloc %1 : memref<?xf32>
  return %2 : memref<?xf32>
}
