// From upstream: mlir/docs/BufferDeallocationInternals.md and mlir/docs/Bufferization.md (2020),
// "Introduction of Clones" / "Introduction of Copies" (the
// `custom.region_if` example with a nested allocation).
//
// The allocation %2 happens in the divergent "else" region and cannot be
// freed in a post-dominator: %arg4 is a critical alias (of %arg2, i.e. %0,
// and of %2), and it has the further alias %1.
//
// Changes from the upstream document (`custom.region_if` is not an upstream op), as in
// inner_region_control_flow.mlir:
// - The op is an `scf.execute_region` whose single region holds the
//   "then", "else" and "join" regions as blocks ^then, ^else, ^join; the
//   region arguments %arg2, %arg3, %arg4 are block arguments; the implicit
//   region entry is a `cf.cond_br`, then/else -> join is a `cf.br`, the
//   join's yield is the `scf.yield` producing %1.
// - %cond (compare of the two index arguments) stands for the condition
//   that `custom.region_if` leaves implicit.
func.func @inner_region_control_flow_div(
  %arg0 : index,
  %arg1 : index) -> memref<?x?xf32> {
  %cond = arith.cmpi eq, %arg0, %arg1 : index
  %0 = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
  %1 = scf.execute_region -> memref<?x?xf32> {
    cf.cond_br %cond, ^then(%0 : memref<?x?xf32>), ^else(%0 : memref<?x?xf32>)
  ^then(%arg2 : memref<?x?xf32>):  // aliases: %arg4, %1
    cf.br ^join(%arg2 : memref<?x?xf32>)
  ^else(%arg3 : memref<?x?xf32>):
    %2 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>  // aliases: %arg4, %1
    cf.br ^join(%2 : memref<?x?xf32>)
  ^join(%arg4 : memref<?x?xf32>):  // aliases: %1
                                   // crit. alias of %arg2 and %2
    scf.yield %arg4 : memref<?x?xf32>
  }
  return %1 : memref<?x?xf32>
}
