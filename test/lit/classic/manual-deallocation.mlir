// RUN: bufferlens rewrite --strategy classic %s | FileCheck %s
// RUN: bufferlens rewrite --strategy classic %s | mlir-opt > /dev/null
// RUN: bufferlens lint --verify --disable BL301 %s

// A buffer the user frees by hand: its allocation and its free carry
// `bufferization.manual_deallocation` (the attribute's description in
// BufferizationBase.td, MLIR 22; the ownership-based pass leaves such
// buffers alone). A free so marked does not make the function deallocated
// IR, so the classic plan applies, and it must neither track nor free the
// buffer: it used to free it a second time. Executed in
// test/exec/classic/manual_deallocation.mlir (classic/exec.test).
func.func @manual_deallocation(%out: memref<4xf32>) {
  %manual = memref.alloc() {bufferization.manual_deallocation} : memref<4xf32>
  %tmp = memref.alloc() : memref<4xf32>
  memref.copy %out, %manual : memref<4xf32> to memref<4xf32>
  memref.copy %manual, %tmp : memref<4xf32> to memref<4xf32>
  memref.copy %tmp, %out : memref<4xf32> to memref<4xf32>
  memref.dealloc %manual {bufferization.manual_deallocation} : memref<4xf32>
  return
}

// Only the free is marked: upstream's pass asserts at run time that the
// block does not own the buffer; the plan leaves the user's free alone
// rather than add a second one.
func.func @manual_free_only(%out: memref<4xf32>) {
  %manual = memref.alloc() : memref<4xf32>
  memref.copy %manual, %out : memref<4xf32> to memref<4xf32>
  memref.dealloc %manual {bufferization.manual_deallocation} : memref<4xf32>
  return
}

// Among other frees (deallocated IR, whose frees the rewrite repairs) the
// free by hand is left where it is, and so is the buffer.
func.func @manual_among_frees(%out: memref<4xf32>) {
  %manual = memref.alloc() {bufferization.manual_deallocation} : memref<4xf32>
  %tmp = memref.alloc() : memref<4xf32>
  memref.copy %out, %tmp : memref<4xf32> to memref<4xf32>
  memref.copy %tmp, %manual : memref<4xf32> to memref<4xf32>
  memref.dealloc %tmp : memref<4xf32>
  memref.copy %manual, %out : memref<4xf32> to memref<4xf32>
  memref.dealloc %manual {bufferization.manual_deallocation} : memref<4xf32>
  return
}

// CHECK-LABEL: func.func @manual_deallocation
// CHECK:         %[[MANUAL:.*]] = memref.alloc() {bufferization.manual_deallocation}
// CHECK:         %[[TMP:.*]] = memref.alloc()
// CHECK:         memref.copy %[[TMP]], %arg0
// CHECK-NEXT:    memref.dealloc %[[TMP]]
// CHECK-NEXT:    memref.dealloc %[[MANUAL]] {bufferization.manual_deallocation}
// CHECK-NEXT:    return
// CHECK-LABEL: func.func @manual_free_only
// CHECK:         %[[ALLOC:.*]] = memref.alloc()
// CHECK-NEXT:    memref.copy %[[ALLOC]], %arg0
// CHECK-NEXT:    memref.dealloc %[[ALLOC]] {bufferization.manual_deallocation}
// CHECK-NEXT:    return
// CHECK-LABEL: func.func @manual_among_frees
// CHECK:         %[[MANUAL:.*]] = memref.alloc() {bufferization.manual_deallocation}
// CHECK:         %[[TMP:.*]] = memref.alloc()
// CHECK:         memref.copy %[[TMP]], %[[MANUAL]]
// CHECK-NEXT:    memref.dealloc %[[TMP]] : memref<4xf32>
// CHECK-NEXT:    memref.copy %[[MANUAL]], %arg0
// CHECK-NEXT:    memref.dealloc %[[MANUAL]] {bufferization.manual_deallocation}
// CHECK-NEXT:    return
