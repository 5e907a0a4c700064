// A function named dealloc_helper called with arrays whose entries nobody
// stored: not the lowering's call (dealloc-helper-bounds.test).
func.func private @dealloc_helper(memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>)

func.func @entries_not_stored() {
  %c0 = arith.constant 0 : index
  %buffer = memref.alloc() : memref<2xf32>
  %a = memref.alloc() : memref<1xindex>
  %b = memref.alloc() : memref<1xindex>
  %c = memref.alloc() : memref<1xi1>
  %d = memref.alloc() : memref<1xi1>
  %e = memref.alloc() : memref<1xi1>
  %a1 = memref.cast %a : memref<1xindex> to memref<?xindex>
  %b1 = memref.cast %b : memref<1xindex> to memref<?xindex>
  %c1 = memref.cast %c : memref<1xi1> to memref<?xi1>
  %d1 = memref.cast %d : memref<1xi1> to memref<?xi1>
  %e1 = memref.cast %e : memref<1xi1> to memref<?xi1>
  call @dealloc_helper(%a1, %b1, %c1, %d1, %e1) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
  %free = memref.load %d[%c0] : memref<1xi1>
  scf.if %free {
    memref.dealloc %buffer : memref<2xf32>
  }
  memref.dealloc %a : memref<1xindex>
  memref.dealloc %b : memref<1xindex>
  memref.dealloc %c : memref<1xi1>
  memref.dealloc %d : memref<1xi1>
  memref.dealloc %e : memref<1xi1>
  return
}
