// "Placement of Deallocs" when the post-dominator holds only the
// terminator: %0 is passed on one path only and merged into the returned
// %2, so it must die in ^bb3. The old pass took "the dealloc would follow
// the terminator" for "the value escapes" and leaked %0 on the ^bb1 path;
// the rewrite frees it before the return, which the checker confirms.
// RUN: bufferlens rewrite --strategy classic %s > %t.mlir
// RUN: FileCheck %s --input-file %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: bufferlens lint --stage deallocated --disable BL105 %t.mlir 2>&1 | FileCheck %s --check-prefix=LINT
// LINT-NOT: [BL10
// LINT: 1 file linted: 0 errors, 1 warning, 0 other findings

// CHECK-LABEL: func.func @entry_alloc_returned_through_merge
// CHECK:       ^bb2:
// CHECK-NEXT:    %[[C:.*]] = bufferization.clone %alloc
// CHECK-NEXT:    cf.br ^bb3(%[[C]] : memref<2xf32>)
// CHECK:       ^bb3(%[[M:.*]]: memref<2xf32>):
// CHECK-NEXT:    memref.dealloc %alloc : memref<2xf32>
// CHECK-NEXT:    return %[[M]] : memref<2xf32>
func.func @entry_alloc_returned_through_merge(%arg0: i1) -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  %1 = memref.alloc() : memref<2xf32>
  cf.br ^bb3(%1 : memref<2xf32>)
^bb2:
  cf.br ^bb3(%0 : memref<2xf32>)
^bb3(%2: memref<2xf32>):
  return %2 : memref<2xf32>
}

// A buffer the terminator passes on still escapes: no dealloc before it.
// CHECK-LABEL: func.func @returned_directly
// CHECK-NOT:   memref.dealloc
// CHECK:       return
func.func @returned_directly() -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32>
  return %0 : memref<2xf32>
}
