// Classic plan: %arg2, %arg3, %arg4 and %1 are non-critical aliases of %0
// (all dominated by it): no clone, and %0 is not freed: it escapes through
// the return (no finding).
// RUN: bufferlens explain %s:34:3 | FileCheck %s --check-prefix=ESCAPES
// RUN: bufferlens lint --verify %s
// RUN: bufferlens rewrite --strategy classic %s | FileCheck %s
// RUN: bufferlens rewrite --strategy classic %s | mlir-opt -o /dev/null
// From upstream: mlir/docs/BufferDeallocationInternals.md and mlir/docs/Bufferization.md (2020),
// "Introduction of Clones" / "Introduction of Copies" (the first
// `custom.region_if` example).
//
// The upstream document's imaginary `custom.region_if` executes its "then" or its "else"
// region, always continues with its "join" region, and the join region's
// yield becomes the op's result. Each region receives the previous value as
// a region argument: %0 -> %arg2 / %arg3 -> %arg4 -> %1.
//
// Changes from the upstream document (`custom.region_if` is not an upstream op):
// - The op is an `scf.execute_region` whose single region holds the three
//   "regions" as blocks ^then, ^else and ^join. %arg2, %arg3 and %arg4 keep
//   their names and their aliasing as block arguments; the implicit region
//   entry (%0 passed to then/else) is an explicit `cf.cond_br`, the implicit
//   then/else -> join flow is an explicit `cf.br`, and the join region's
//   yield is the `scf.yield` that produces %1 through the
//   RegionBranchOpInterface, as in the upstream document.
// - `custom.region_if` has no condition operand; the `cf.cond_br` needs one,
//   so %cond compares the two index arguments (as in
//   @nested_region_control_flow).
// - The alternative, `scf.if` yielding %0 from both branches, would lose the
//   join region and the region arguments %arg2 / %arg3 / %arg4.
func.func @inner_region_control_flow(
  %arg0 : index,
  %arg1 : index) -> memref<?x?xf32> {
  %cond = arith.cmpi eq, %arg0, %arg1 : index
  %0 = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
  %1 = scf.execute_region -> memref<?x?xf32> {
    cf.cond_br %cond, ^then(%0 : memref<?x?xf32>), ^else(%0 : memref<?x?xf32>)
  ^then(%arg2 : memref<?x?xf32>):  // aliases: %arg4, %1
    cf.br ^join(%arg2 : memref<?x?xf32>)
  ^else(%arg3 : memref<?x?xf32>):  // aliases: %arg4, %1
    cf.br ^join(%arg3 : memref<?x?xf32>)
  ^join(%arg4 : memref<?x?xf32>):  // aliases: %1
    scf.yield %arg4 : memref<?x?xf32>
  }
  return %1 : memref<?x?xf32>
}

// CHECK-LABEL: func.func @inner_region_control_flow
//   CHECK-NOT:   bufferization.clone
//   CHECK-NOT:   memref.dealloc
//       CHECK:   return

// ESCAPES:      classic deallocation:
// ESCAPES-NEXT: - tracked heap allocation
// ESCAPES-NEXT: - not freed: it escapes through `func.return`: the caller owns it and frees it
