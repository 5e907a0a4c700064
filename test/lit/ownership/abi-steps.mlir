// RUN: not bufferlens lint --stage deallocated %s 2>/dev/null | grep -E "(error|note): " | FileCheck %s
// BL105's path report: the argument, the choices that carry it to the
// return (the first consistent path that returns it, the one the finding
// is decided on), and the return.

func.func @returns_argument_when(%c: i1, %arg0: memref<4xf32>) -> memref<4xf32> {
  %0 = scf.if %c -> (memref<4xf32>) {
    scf.yield %arg0 : memref<4xf32>
  } else {
    %1 = bufferization.clone %arg0 : memref<4xf32> to memref<4xf32>
    scf.yield %1 : memref<4xf32>
  }
  return %0 : memref<4xf32>
}

func.func @returns_merge(%a: memref<2xf32>, %c: i1) -> memref<2xf32> {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = memref.alloc() : memref<2xf32>
  cf.br ^bb3(%0 : memref<2xf32>)
^bb2:
  cf.br ^bb3(%a : memref<2xf32>)
^bb3(%m: memref<2xf32>):
  return %m : memref<2xf32>
}

// CHECK:      abi-steps.mlir:13:10: error: @returns_argument_when returns %0, which may alias argument %arg0: {{.*}} [BL105]
// CHECK-NEXT: abi-steps.mlir:6:42: note: 1. %arg0 is an argument of the function: the caller owns it
// CHECK-NEXT: abi-steps.mlir:7:8: note: 2. %0 is %arg0 (%c is true)
// CHECK-NEXT: abi-steps.mlir:13:10: note: 3. @returns_argument_when returns %0 here: the caller would own it twice
// CHECK:      abi-steps.mlir:24:10: error: @returns_merge returns %m, which may alias argument %a: {{.*}} [BL105]
// CHECK-NEXT: abi-steps.mlir:16:26: note: 1. %a is an argument of the function: the caller owns it
// CHECK-NEXT: abi-steps.mlir:23:6: note: 2. %m is %a
// CHECK-NEXT: abi-steps.mlir:24:10: note: 3. @returns_merge returns %m here: the caller would own it twice
