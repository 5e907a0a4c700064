// Classic plan (BufferDeallocationInternals.md: "Introduction of Clones"): %arg4 is critical (the
// divergent %2 flows in), so ^then clones %arg2 and ^else clones and frees
// %2; %1 is critical too: ^join clones %arg4 and frees it; %0 is freed after
// the region op, as in the upstream document's output.
// RUN: bufferlens lint --verify %s
// RUN: bufferlens rewrite --strategy classic %s | FileCheck %s
// RUN: bufferlens rewrite --strategy classic %s | mlir-opt -o /dev/null
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
  // expected-remark@-1 {{%1 is a critical alias of %arg4: it needs a clone in ^join [BL201]}}
    cf.cond_br %cond, ^then(%0 : memref<?x?xf32>), ^else(%0 : memref<?x?xf32>)
  ^then(%arg2 : memref<?x?xf32>):  // aliases: %arg4, %1
    cf.br ^join(%arg2 : memref<?x?xf32>)
    // expected-note@-1 {{%arg2 flows into %arg4 here: the plan clones it before cf.br}}
  ^else(%arg3 : memref<?x?xf32>):
    %2 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>  // aliases: %arg4, %1
    // expected-remark@-1 {{%2 can be hoisted out of scf.execute_region into the entry block: it dominates all of its aliases' uses from there [BL302]}}
    cf.br ^join(%2 : memref<?x?xf32>)
    // expected-note@-1 {{%2 flows into %arg4 here: the plan clones it before cf.br}}
  ^join(%arg4 : memref<?x?xf32>):  // aliases: %1
  // expected-remark@-1 {{%arg4 is a critical alias of %arg2 and %2: it needs a clone in ^then and ^else [BL201]}}
                                   // crit. alias of %arg2 and %2
    scf.yield %arg4 : memref<?x?xf32>
    // expected-note@-1 {{%arg4 flows into %1 here: the plan clones it before scf.yield}}
  }
  return %1 : memref<?x?xf32>
}

// CHECK-LABEL: func.func @inner_region_control_flow_div
//       CHECK:   %[[A0:.*]] = memref.alloc(%arg0, %arg0)
//       CHECK:   scf.execute_region
//       CHECK: ^bb1(%[[ARG2:.*]]: memref<?x?xf32>):
//  CHECK-NEXT:   %[[C2:.*]] = bufferization.clone %[[ARG2]]
//  CHECK-NEXT:   cf.br ^bb3(%[[C2]] :
//       CHECK: ^bb2(%{{.*}}: memref<?x?xf32>):
//  CHECK-NEXT:   %[[A2:.*]] = memref.alloc(%arg0, %arg1)
//  CHECK-NEXT:   %[[CA2:.*]] = bufferization.clone %[[A2]]
//  CHECK-NEXT:   memref.dealloc %[[A2]]
//  CHECK-NEXT:   cf.br ^bb3(%[[CA2]] :
//       CHECK: ^bb3(%[[ARG4:.*]]: memref<?x?xf32>):
//  CHECK-NEXT:   %[[C4:.*]] = bufferization.clone %[[ARG4]]
//  CHECK-NEXT:   memref.dealloc %[[ARG4]]
//  CHECK-NEXT:   scf.yield %[[C4]]
//  CHECK-NEXT: }
//  CHECK-NEXT:   memref.dealloc %[[A0]]
//  CHECK-NEXT:   return
