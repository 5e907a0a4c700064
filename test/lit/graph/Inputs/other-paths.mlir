// Findings with a path that the checker does not report: BL105, BL401 and
// BL501. graph --finding draws each (other-finding-paths.test); the
// language server offers Show path on each (test/lsp/test_path.py).
func.func @returns_argument(%c: i1, %arg: memref<2xf32>) -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32>
  memref.dealloc %0 : memref<2xf32>
  %r = scf.if %c -> memref<2xf32> {
    scf.yield %arg : memref<2xf32>
  } else {
    %1 = memref.alloc() : memref<2xf32>
    scf.yield %1 : memref<2xf32>
  }
  return %r : memref<2xf32>
}

func.func @unwritten(%c: i1, %out: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 1.0 : f32
  %0 = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3
^bb2:
  memref.store %cst, %0[%c0] : memref<2xf32>
  cf.br ^bb3
^bb3:
  memref.copy %0, %out : memref<2xf32> to memref<2xf32>
  return
}

func.func @copied(%t: tensor<4xf32>, %f: f32) -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %u = tensor.insert %f into %t[%c0] : tensor<4xf32>
  return %t, %u : tensor<4xf32>, tensor<4xf32>
}
