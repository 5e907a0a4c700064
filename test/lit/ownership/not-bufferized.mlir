// RUN: bufferlens lint --verify --disable BL301 --disable BL501 --disable BL502 %s

// A function One-Shot Bufferize has not run on yet (tensor level) is not an
// input of the deallocation passes: they run on its bufferized form. Nothing
// is reported on it (the passes' preconditions, which would reject
// `bufferization.alloc_tensor` and region ops with tensor results, do not
// apply); what One-Shot Bufferize will do to it (BL501, BL502) is
// test/lit/tensor/'s subject. From upstream's
// mlir/test/Dialect/Bufferization/Transforms/one-shot-bufferize-partial.mlir
// (@unknown_op_may_read) at commit 2811a388560edd7c9bd7136c42a47371ac09d3f2,
// part of the LLVM Project (Apache-2.0 WITH LLVM-exception).
func.func @tensor_level(%v: vector<5xf32>)
    -> (tensor<10xf32>, tensor<10xf32>) {
  %idx = arith.constant 0 : index
  %cst = arith.constant 5.0 : f32
  %t1 = bufferization.alloc_tensor() : tensor<10xf32>
  %filled = linalg.fill ins(%cst : f32) outs(%t1 : tensor<10xf32>) -> tensor<10xf32>
  %1 = vector.transfer_write %v, %filled[%idx] : vector<5xf32>, tensor<10xf32>
  return %1, %filled : tensor<10xf32>, tensor<10xf32>
}

// Bufferized IR that still carries tensors One-Shot Bufferize leaves alone
// (bufferization.to_tensor, an unknown op's call) is analysed: its
// unstructured loop is reported.
func.func private @unknown(tensor<2xf32>) -> tensor<2xf32>

func.func @bufferized(%c: i1) -> tensor<2xf32> {
  %0 = memref.alloc() : memref<2xf32>
  %t = bufferization.to_tensor %0 : memref<2xf32> to tensor<2xf32>
  %r = func.call @unknown(%t) : (tensor<2xf32>) -> tensor<2xf32>
  cf.br ^bb1
^bb1:
  // expected-note@-6 {{in this function}}
  // expected-error@+1 {{the deallocation pass rejects @bufferized: it contains a control-flow loop made of branches (^bb1 -> ^bb1); only structured loops (scf.for, scf.while) are supported [BL204]}}
  cf.cond_br %c, ^bb1, ^bb2
^bb2:
  return %r : tensor<2xf32>
}

// An op of no registered dialect (the context allows them) is not one
// One-Shot Bufferize rewrites (asking used to crash the analysis).
func.func @unregistered() {
  %0 = memref.alloc() : memref<2xf32>
  "test.region"(%0) ({
    // expected-error@+1 {{the deallocation pass rejects `test.yield`: its memory effects are unknown (it does not implement MemoryEffectOpInterface), so the pass cannot tell whether it allocates or frees [BL204]}}
    "test.yield"() : () -> ()
  }) : (memref<2xf32>) -> ()
  return
}
