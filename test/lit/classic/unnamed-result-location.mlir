// A finding about a result the source does not name (the results of an
// `scf.while` written without `%r =`) sits on the op that defines it, not
// at 1:1. From mlir/test/Dialect/Bufferization/Transforms/
// OwnershipBasedBufferDeallocation/dealloc-region-branchop-interface.mlir
// (@while_two_arg), with `test.side_effect_op` replaced by a call.
// RUN: bufferlens lint --disable BL203 --disable BL301 --disable BL302 %s 2>&1 | FileCheck %s
// CHECK-NOT: :1:1:
// CHECK: unnamed-result-location.mlir:15:3: {{.*}}: <result 1 of scf.while> is a critical alias of %arg2: it needs a clone in the before region of scf.while [BL201]
// CHECK-NOT: :1:1:

func.func private @read_condition() -> i1

func.func @while_two_arg(%arg0: index) {
  %a = memref.alloc(%arg0) : memref<?xf32>
  scf.while (%arg1 = %a, %arg2 = %a) : (memref<?xf32>, memref<?xf32>) -> (memref<?xf32>, memref<?xf32>) {
    %0 = func.call @read_condition() : () -> i1
    scf.condition(%0) %arg1, %arg2 : memref<?xf32>, memref<?xf32>
  } do {
  ^bb0(%arg1: memref<?xf32>, %arg2: memref<?xf32>):
    %b = memref.alloc(%arg0) : memref<?xf32>
    scf.yield %arg1, %b : memref<?xf32>, memref<?xf32>
  }
  return
}
