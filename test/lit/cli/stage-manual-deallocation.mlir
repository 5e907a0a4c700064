// A function whose only frees carry `bufferization.manual_deallocation` is
// still the deallocation pass's input (the pass leaves those allocations and
// frees to the user and frees the rest): the automatic stage is
// "bufferized", so %1, which the pass will free, is not reported as leaking.
// The pass accepts the function as it is:
// RUN: mlir-opt --ownership-based-buffer-deallocation %s | FileCheck %s
// RUN: bufferlens lint --verify --disable BL301 %s

// CHECK-LABEL: func @manual
//       CHECK:   memref.dealloc %{{.*}} {bufferization.manual_deallocation}
//       CHECK:   bufferization.dealloc
func.func @manual(%out: memref<4xf32>) {
  %0 = memref.alloc() {bufferization.manual_deallocation} : memref<4xf32>
  %1 = memref.alloc() : memref<4xf32>
  memref.copy %out, %0 : memref<4xf32> to memref<4xf32>
  memref.copy %0, %1 : memref<4xf32> to memref<4xf32>
  memref.copy %1, %out : memref<4xf32> to memref<4xf32>
  memref.dealloc %0 {bufferization.manual_deallocation} : memref<4xf32>
  return
}
