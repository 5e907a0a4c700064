// Allocations that copy an operand, at ops whose result need not be that
// copy: a select (either operand's copy) and a loop whose body yields
// another tensor than its iter_arg. The options of this RUN line are the
// tensor view's (without allow-return-allocs-from-loops, the loop fails).
// RUN: mlir-opt %s --one-shot-bufferize="bufferize-function-boundaries allow-return-allocs-from-loops"
func.func @select_both(%a: tensor<8xf32>, %b: tensor<8xf32>, %c: i1, %x: f32) -> (tensor<8xf32>, f32, f32) {
  %i = arith.constant 0 : index
  %s = arith.select %c, %a, %b : tensor<8xf32>
  %w = tensor.insert %x into %s[%i] : tensor<8xf32>
  %ra = tensor.extract %a[%i] : tensor<8xf32>
  %rb = tensor.extract %b[%i] : tensor<8xf32>
  return %w, %ra, %rb : tensor<8xf32>, f32, f32
}

func.func @loop_yields_other(%t: tensor<8xf32>, %u: tensor<8xf32>, %n: index, %x: f32) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %t) -> tensor<8xf32> {
    %w = tensor.insert %x into %acc[%c0] : tensor<8xf32>
    scf.yield %u : tensor<8xf32>
  }
  %f = tensor.extract %t[%c0] : tensor<8xf32>
  return %r, %f : tensor<8xf32>, f32
}
