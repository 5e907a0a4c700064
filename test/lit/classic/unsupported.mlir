// Functions the classic algorithm cannot analyse are not planned: an
// unstructured loop (the old pass rejected them too). The ownership
// analysis reports the same op as BL204, so our BL204 gives way to it (one
// diagnostic per problem); explain and rewrite still say why the classic
// plan is missing, and rewrite leaves the function unchanged.
// RUN: not bufferlens lint --format text %s | FileCheck %s --check-prefix=LINT
// RUN: bufferlens explain %s:18:3 | FileCheck %s --check-prefix=EXPLAIN
// RUN: bufferlens rewrite --strategy classic %s 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=NOTE --input-file %t.err
// RUN: bufferlens rewrite --strategy classic %s 2>/dev/null | mlir-opt -o /dev/null

// LINT-NOT: classic deallocation cannot analyse
// LINT: :22:3: error: {{.*}} [BL204]
// LINT-NOT: classic deallocation cannot analyse

func.func @cfg_loop(%n: i1) {
  %c0 = arith.constant 0 : index
  %0 = memref.alloc() : memref<2xf32>
  cf.br ^bb1
^bb1:
  %u = memref.load %0[%c0] : memref<2xf32>
  cf.cond_br %n, ^bb1, ^bb2
^bb2:
  return
}

// EXPLAIN: classic deallocation: not planned: classic deallocation cannot analyse the unstructured loop ^bb1 -> ^bb1: only structured loops (scf.for, scf.while) are supported

// CHECK-LABEL: func.func @cfg_loop
//   CHECK-NOT:   memref.dealloc
//   CHECK-NOT:   bufferization.clone
//       CHECK:   return

// NOTE: note: @cfg_loop is unchanged: classic deallocation cannot analyse the unstructured loop ^bb1 -> ^bb1: only structured loops (scf.for, scf.while) are supported
