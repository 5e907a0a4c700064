



























func.func private @memref_user(memref<?xi32>)

func.func @auto_dealloc_inside_nested_region(%arg0: memref<?xi32>, %arg1: i1) {
  %c100 = arith.constant 100 : index
  %0 = scf.if %arg1 -> memref<?xi32> {
    %realloc = memref.realloc %arg0(%c100) : memref<?xi32> to memref<?xi32>
    scf.yield %realloc : memref<?xi32>
  } else {
    scf.yield %arg0 : memref<?xi32>
  }
  func.call @memref_user(%0) : (memref<?xi32>) -> ()
  return
}
// Expected error/warning findings of test/corpus/upstream/OwnershipBasedBufferDeallocation/dealloc-existing-deallocs.mlir (absolute
// lines), each with why it is true; see test/corpus/README.md.

// why: MLIR 22's ownership-based-buffer-deallocation rejects memref.realloc (`mlir-opt --ownership-based-buffer-deallocation` on this chunk fails so; upstream's RUN line runs -expand-realloc first for that reason).


// why: MLIR 22's ownership-based-buffer-deallocation rejects memref.realloc (`mlir-opt --ownership-based-buffer-deallocation` on this chunk fails so; upstream's RUN line runs -expand-realloc first for that reason).
// expected-error@34 {{the deallocation pass rejects `memref.realloc`: it frees a buffer, and the input must not contain deallocations yet [BL204]}}
