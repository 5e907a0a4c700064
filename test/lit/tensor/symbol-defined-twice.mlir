// Two declarations of one symbol with different types (an upstream test
// file opened whole, without its `// -----` cuts): MLIR rejects the
// redefinition, and upstream's One-Shot Bufferize crashes on a call whose
// callee has another type. The functions that call it are not run through
// the pass and say why; the file is linted, not reported as a crash.
// RUN: not bufferlens lint %s 2>&1 | FileCheck %s
// CHECK-NOT: crashed
// CHECK: symbol-defined-twice.mlir:14:11: error: One-Shot Bufferize fails here: `@dummy_op` is defined more than once in this file (MLIR rejects the redefinition), so which one is called is not known [BL503]
// CHECK: symbol-defined-twice.mlir:22:11: error: One-Shot Bufferize fails here: `@dummy_op` is defined more than once in this file (MLIR rejects the redefinition), so which one is called is not known [BL503]
// CHECK-NOT: crashed

func.func private @dummy_op(tensor<?xf32>) -> tensor<?xf32>

func.func @first(%t1: tensor<?xf32>, %o: index, %s: index) -> (tensor<?xf32>, tensor<?xf32>) {
  %0 = tensor.extract_slice %t1[%o][%s][1] : tensor<?xf32> to tensor<?xf32>
  %1 = func.call @dummy_op(%0) : (tensor<?xf32>) -> tensor<?xf32>
  return %0, %1 : tensor<?xf32>, tensor<?xf32>
}

func.func private @dummy_op(tensor<?xf32>) -> ()

func.func @second(%t1 : tensor<?xf32>) -> vector<5xf32> {
  %idx = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %1 = vector.transfer_read %t1[%idx], %cst : tensor<?xf32>, vector<5xf32>
  func.call @dummy_op(%t1) : (tensor<?xf32>) -> ()
  return %1 : vector<5xf32>
}
