// From upstream: mlir/docs/BufferDeallocationInternals.md, "Canonicalization of the Source
// Buffer of the Clone Operation" (mlir/docs/Bufferization.md (2020),
// "Reusing the Source Buffer of the Copy Operation", has the same scenario
// with alloc + dim + linalg.copy in place of the clone).
//
// Input produced by the classic BufferDeallocation pass: the clone %2 of %1
// and the dealloc of %1 are redundant (clone canonicalization folds them and
// returns %1 directly). It already frees memory, so it is "after
// deallocation" IR: the upstream deallocation pipeline rejects it.
//
// Taken as in BufferDeallocationInternals.md; only `func` is `func.func`.
func.func @dynamic_allocation(%arg0: index, %arg1: index) -> memref<?x?xf32> {
  %1 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
  %2 = bufferization.clone %1 : memref<?x?xf32> to memref<?x?xf32>
  memref.dealloc %1 : memref<?x?xf32>
  return %2 : memref<?x?xf32>
}
