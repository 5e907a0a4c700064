// Found by fuzz-analysis (a mutation of fix_callers_moved.mlir): @f does
// not verify and @g does not parse, so @h calls a symbol the module does
// not define, and upstream's pass crashed on it (undefined-callee.test).
func.func @f(%a: tensor<8xf32>, %v: f32) -> f32 {
  %ci1= arith.constant 0 : index
  %r = tensor.extract %a[%c0] : tensor<8xf32>
  %w = tensor.insert %v into %a[%c0] : tensor<8xf32>
  %s = tensor.extract %w[%c0] : tensor<8xf32>
  %sum = arith.addf %r, %s : f32
  return %sum : f32
}

func.func @g(%b: tensor<8xf32>, %v: f32) -> f32 {
  %r = func.call @f(%b, %v) : (tensor<8xf32>, f32) -> f32
  r=turn %r : f32
}

func.func @h(%c: tensor<8xf32>, %v: f32) -> (f32, f32) {
  %r = func.call @g(%c, %v) : (tensor<8xf32>, f32) -> f32
  %c0 = arith.constant 0 : index
  %x = tensor.extract %c[%c0] : tensor<8xf32>
  return %r, %x : f32, f32
}
