// RUN: bufferlens rewrite --strategy classic %s | FileCheck %s
// RUN: bufferlens rewrite --strategy classic %s | mlir-opt > /dev/null
// RUN: bufferlens lint --verify %s

// An allocation marked `bufferization.manual_deallocation` is the user's to
// free (the ownership-based pass leaves it alone:
// mlir/docs/OwnershipBasedBufferDeallocation.md): its free does not make the
// function deallocated IR, and the classic plan neither tracks nor frees it.
// It used to free it a second time. Executed in
// test/exec/classic/manual_deallocation.mlir (classic/exec.test).
func.func @manual_deallocation(%out: memref<4xf32>) {
  %manual = memref.alloc() {bufferization.manual_deallocation} : memref<4xf32>
  %tmp = memref.alloc() : memref<4xf32>
  memref.copy %out, %manual : memref<4xf32> to memref<4xf32>
  memref.copy %manual, %tmp : memref<4xf32> to memref<4xf32>
  memref.copy %tmp, %out : memref<4xf32> to memref<4xf32>
  memref.dealloc %manual : memref<4xf32>
  return
}

// CHECK-LABEL: func.func @manual_deallocation
// CHECK:         %[[MANUAL:.*]] = memref.alloc() {bufferization.manual_deallocation}
// CHECK:         %[[TMP:.*]] = memref.alloc()
// CHECK:         memref.copy %[[TMP]], %arg0
// CHECK-NEXT:    memref.dealloc %[[TMP]]
// CHECK-NEXT:    memref.dealloc %[[MANUAL]]
// CHECK-NEXT:    return
// CHECK-NOT:     memref.dealloc
