// From upstream: mlir/docs/BufferDeallocationInternals.md, "Movement and Placement of
// Allocations", and mlir/docs/Bufferization.md (2020), "Movement and
// Placement of Allocations" / "Introduction of Copies".
//
// The alloc in ^bb2 depends on the block argument %0 (its dynamic size), so
// it cannot be hoisted out of ^bb2. %2 merges %arg1 and %1.
//
// Changes from the upstream document:
// - `use(%1)` (not an upstream op) is `memref.load %1[%c0]` (needs %0 >= 1
//   at run time).
// - `test.copy(%2, %arg2)` / `"linalg.copy"(%2, %arg2)` is
//   `memref.copy %2, %arg2`.
func.func @condBranchDynamicType(
  %arg0: i1,
  %arg1: memref<?xf32>,
  %arg2: memref<?xf32>,
  %arg3: index) {
  %c0 = arith.constant 0 : index
  cf.cond_br %arg0, ^bb1, ^bb2(%arg3 : index)
^bb1:
  cf.br ^bb3(%arg1 : memref<?xf32>)
^bb2(%0: index):
  %1 = memref.alloc(%0) : memref<?xf32>  // aliases: %2
                                          // cannot be moved upwards due to the
                                          // data dependency to %0
  %u1 = memref.load %1[%c0] : memref<?xf32>  // use(%1)
  cf.br ^bb3(%1 : memref<?xf32>)
^bb3(%2: memref<?xf32>):
  memref.copy %2, %arg2 : memref<?xf32> to memref<?xf32>
  return
}
