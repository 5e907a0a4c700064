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
