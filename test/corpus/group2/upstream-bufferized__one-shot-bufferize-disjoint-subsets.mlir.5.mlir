

























































































module {
  func.func @cross_iteration_cfg(%arg0: memref<4xf32, strided<[?], offset: ?>>) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+02 : f32
    cf.br ^bb1(%c1, %cst : index, f32)
  ^bb1(%0: index, %1: f32):  // 2 preds: ^bb0, ^bb1
    %2 = arith.subi %0, %c1 : index
    %subview = memref.subview %arg0[%0] [1] [1] : memref<4xf32, strided<[?], offset: ?>> to memref<1xf32, strided<[?], offset: ?>>
    %subview_1 = memref.subview %arg0[%2] [1] [1] : memref<4xf32, strided<[?], offset: ?>> to memref<1xf32, strided<[?], offset: ?>>
    linalg.fill ins(%cst_0 : f32) outs(%subview : memref<1xf32, strided<[?], offset: ?>>)
    %3 = memref.load %subview[%c0] : memref<1xf32, strided<[?], offset: ?>>
    %4 = memref.load %subview_1[%c0] : memref<1xf32, strided<[?], offset: ?>>
    %5 = arith.addf %3, %4 : f32
    %6 = arith.addf %1, %5 : f32
    %7 = arith.addi %0, %c1 : index
    %8 = arith.cmpi ult, %7, %c4 : index
    cf.cond_br %8, ^bb1(%7, %6 : index, f32), ^bb2(%6 : f32)
  ^bb2(%9: f32):  // pred: ^bb1
    return %9 : f32
  }
}



































// expected-error@110 {{the deallocation pass rejects @cross_iteration_cfg: it contains a control-flow loop made of branches (^bb1 -> ^bb1); only structured loops (scf.for, scf.while) are supported [BL204]}}
// expected-note@92 {{in this function}}
