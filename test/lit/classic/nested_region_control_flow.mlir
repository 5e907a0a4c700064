// Classic plan (BufferDeallocationInternals.md: "Introduction of Clones", scf.if): %2 is a
// non-critical alias of %1 (no clone; %1 escapes through the return), and
// %3 is freed inside the else region after its use: the upstream document's output.
// RUN: bufferlens lint --verify %s
// RUN: bufferlens rewrite --strategy classic %s | FileCheck %s
// RUN: bufferlens rewrite --strategy classic %s | mlir-opt -o /dev/null
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
    // expected-remark@-1 {{%3 can be hoisted out of scf.if into the entry block: it dominates all of its aliases' uses from there [BL302]}}
                                                         // branch
    %u3 = memref.load %3[%c0, %c0] : memref<?x?xf32>  // use(%3)
    scf.yield %1 : memref<?x?xf32>   // %2 will be an alias of %1
  }
  return %2 : memref<?x?xf32>
}

// CHECK-LABEL: func.func @nested_region_control_flow
//       CHECK:   %[[A1:.*]] = memref.alloc(%arg0, %arg0)
//  CHECK-NEXT:   %[[R:.*]] = scf.if
//  CHECK-NEXT:     scf.yield %[[A1]]
//  CHECK-NEXT:   } else {
//  CHECK-NEXT:     %[[A3:.*]] = memref.alloc(%arg0, %arg1)
//  CHECK-NEXT:     memref.load %[[A3]][
//  CHECK-NEXT:     memref.dealloc %[[A3]]
//  CHECK-NEXT:     scf.yield %[[A1]]
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[R]]
