// From upstream: mlir/docs/BufferDeallocationInternals.md, "Introduction of Clones", and
// mlir/docs/Bufferization.md (2020), "Introduction of Copies".
//
// Critical and non-critical aliases: %2 is dominated by %1 (non-critical),
// %3 merges %arg1 and %2 (critical), %4 is dominated by %3 (non-critical).
//
// Changes from the upstream document:
// - `use(%1)` (not an upstream op) is `memref.load %1[%c0]` (needs %0 >= 1
//   at run time).
// - `test.copy(%4, %arg2)` / `"linalg.copy"(%4, %arg2)` is
//   `memref.copy %4, %arg2`.
func.func @condBranchDynamicTypeNested(
  %arg0: i1,
  %arg1: memref<?xf32>,  // aliases: %3, %4
  %arg2: memref<?xf32>,
  %arg3: index) {
  %c0 = arith.constant 0 : index
  cf.cond_br %arg0, ^bb1, ^bb2(%arg3 : index)
^bb1:
  cf.br ^bb6(%arg1 : memref<?xf32>)
^bb2(%0: index):
  %1 = memref.alloc(%0) : memref<?xf32>  // cannot be moved upwards due to the data
                                          // dependency to %0
                                          // aliases: %2, %3, %4
  %u1 = memref.load %1[%c0] : memref<?xf32>  // use(%1)
  cf.cond_br %arg0, ^bb3, ^bb4
^bb3:
  cf.br ^bb5(%1 : memref<?xf32>)
^bb4:
  cf.br ^bb5(%1 : memref<?xf32>)
^bb5(%2: memref<?xf32>):  // non-crit. alias of %1, since %1 dominates %2
  cf.br ^bb6(%2 : memref<?xf32>)
^bb6(%3: memref<?xf32>):  // crit. alias of %arg1 and %2 (in other words %1)
  cf.br ^bb7(%3 : memref<?xf32>)
^bb7(%4: memref<?xf32>):  // non-crit. alias of %3, since %3 dominates %4
  memref.copy %4, %arg2 : memref<?xf32> to memref<?xf32>
  return
}
