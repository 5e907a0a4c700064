// Tensor programs whose functions return an argument on some paths and a
// fresh buffer on others; abi-flags-through-loops.test bufferizes them and
// runs the ownership pass with upstream mlir-opt.
func.func @loop(%a: tensor<8xf32>, %n: index, %c: i1) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %a) -> tensor<8xf32> {
    %v = scf.if %c -> tensor<8xf32> {
      %e = tensor.empty() : tensor<8xf32>
      %f = arith.constant 1.0 : f32
      %x = linalg.fill ins(%f : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
      scf.yield %x : tensor<8xf32>
    } else {
      scf.yield %t : tensor<8xf32>
    }
    scf.yield %v : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
func.func @whileloop(%a: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %r:2 = scf.while (%t = %a, %i = %c0) : (tensor<8xf32>, index) -> (tensor<8xf32>, index) {
    %cond = arith.cmpi slt, %i, %n : index
    scf.condition(%cond) %t, %i : tensor<8xf32>, index
  } do {
  ^bb0(%t2: tensor<8xf32>, %i2: index):
    %c1 = arith.constant 1 : index
    %j = arith.addi %i2, %c1 : index
    scf.yield %t2, %j : tensor<8xf32>, index
  }
  return %r#0 : tensor<8xf32>
}
func.func @diamond(%a: tensor<8xf32>, %c: i1) -> tensor<8xf32> {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %e = tensor.empty() : tensor<8xf32>
  %f = arith.constant 1.0 : f32
  %x = linalg.fill ins(%f : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  cf.br ^bb3(%x : tensor<8xf32>)
^bb2:
  cf.br ^bb3(%a : tensor<8xf32>)
^bb3(%r: tensor<8xf32>):
  return %r : tensor<8xf32>
}
func.func @three_way(%a: tensor<8xf32>, %c1: i1, %c2: i1) -> tensor<8xf32> {
  cf.cond_br %c1, ^bb1, ^bb4
^bb4:
  cf.cond_br %c2, ^bb2, ^bb3(%a : tensor<8xf32>)
^bb1:
  %e = tensor.empty() : tensor<8xf32>
  %f = arith.constant 1.0 : f32
  %x = linalg.fill ins(%f : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  cf.br ^bb3(%x : tensor<8xf32>)
^bb2:
  %e2 = tensor.empty() : tensor<8xf32>
  %g = arith.constant 2.0 : f32
  %y = linalg.fill ins(%g : f32) outs(%e2 : tensor<8xf32>) -> tensor<8xf32>
  cf.br ^bb3(%y : tensor<8xf32>)
^bb3(%r: tensor<8xf32>):
  return %r : tensor<8xf32>
}
