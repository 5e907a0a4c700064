// A scratch update inside a loop: each iteration writes one element of %t
// and still reads %t's old value afterwards, so every iteration copies %t.
func.func @scratch_in_loop(%t: tensor<64xf32>, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> f32 {
    %w = tensor.insert %v into %t[%i] : tensor<64xf32>
    %new = tensor.extract %w[%c0] : tensor<64xf32>
    %old = tensor.extract %t[%i] : tensor<64xf32>
    %d = arith.subf %new, %old : f32
    %a = arith.addf %acc, %d : f32
    scf.yield %a : f32
  }
  return %s : f32
}
