// A fix whose effect goes up the chain of callers: moving @f's read
// above its write takes @f's copy away, but @f then writes its argument
// in place, so @g writes its own, and @h, which reads %c after calling @g,
// needs a copy there instead. fix_callers_moved.mlir is this file with the
// move made.
func.func @f(%a: tensor<8xf32>, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %w = tensor.insert %v into %a[%c0] : tensor<8xf32>
  %r = tensor.extract %a[%c0] : tensor<8xf32>
  %s = tensor.extract %w[%c0] : tensor<8xf32>
  %sum = arith.addf %r, %s : f32
  return %sum : f32
}

func.func @g(%b: tensor<8xf32>, %v: f32) -> f32 {
  %r = func.call @f(%b, %v) : (tensor<8xf32>, f32) -> f32
  return %r : f32
}

func.func @h(%c: tensor<8xf32>, %v: f32) -> (f32, f32) {
  %r = func.call @g(%c, %v) : (tensor<8xf32>, f32) -> f32
  %c0 = arith.constant 0 : index
  %x = tensor.extract %c[%c0] : tensor<8xf32>
  return %r, %x : f32, f32
}
