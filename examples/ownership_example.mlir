// From upstream: mlir/docs/OwnershipBasedBufferDeallocation.md, "Example" (`@example`).
//
// %alloc is owned (ownership true), %alloca is not (false), %select has
// 'Unknown' ownership (join of unique(true) and unique(false)), %memref is a
// function argument (ownership never acquired), and the `cf.cond_br` has two
// successors that need two `bufferization.dealloc` ops with different retain
// lists.
//
// Changes from the upstream document:
// - `memref.alloc() : memref<?xi8>` and `memref.alloca() : memref<?xi8>`
//   are invalid (a dynamic dimension needs a size operand). Both take the size
//   of %memref, %size = memref.dim %memref, %c0, so that the copy below
//   copies between equally sized buffers at run time.
// - `test.copy(%bbarg, %select)` is `memref.copy %bbarg, %select`.
func.func @example(%memref: memref<?xi8>, %select_cond: i1, %br_cond: i1) {
  %c0 = arith.constant 0 : index
  %size = memref.dim %memref, %c0 : memref<?xi8>
  %alloc = memref.alloc(%size) : memref<?xi8>
  %alloca = memref.alloca(%size) : memref<?xi8>
  %select = arith.select %select_cond, %alloc, %alloca : memref<?xi8>
  cf.cond_br %br_cond, ^bb1(%alloc : memref<?xi8>), ^bb1(%memref : memref<?xi8>)
^bb1(%bbarg: memref<?xi8>):
  memref.copy %bbarg, %select : memref<?xi8> to memref<?xi8>
  return
}
