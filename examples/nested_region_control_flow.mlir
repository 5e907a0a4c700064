// From upstream: mlir/docs/BufferDeallocationInternals.md and mlir/docs/Bufferization.md (2020),
// "Introduction of Clones" / "Introduction of Copies" (the `scf.if` example).
//
// %2 is a non-critical alias of %1 (both branches yield %1); %3 is a
// nested allocation in a divergent branch that can be freed inside the else
// region.
//
// Changes from the upstream document:
// - `cmpi "eq"` is `arith.cmpi eq`.
// - `use(%3)` (not an upstream op) is `memref.load %3[%c0, %c0]` (needs
//   %arg0 >= 1 and %arg1 >= 1 at run time).
func.func @nested_region_control_flow(%arg0 : index, %arg1 : index) -> memref<?x?xf32> {
  %c0 = arith.constant 0 : index
  %0 = arith.cmpi eq, %arg0, %arg1 : index
  %1 = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
  %2 = scf.if %0 -> (memref<?x?xf32>) {
    scf.yield %1 : memref<?x?xf32>   // %2 will be an alias of %1
  } else {
    %3 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>  // nested allocation in a div.
                                                         // branch
    %u3 = memref.load %3[%c0, %c0] : memref<?x?xf32>  // use(%3)
    scf.yield %1 : memref<?x?xf32>   // %2 will be an alias of %1
  }
  return %2 : memref<?x?xf32>
}
