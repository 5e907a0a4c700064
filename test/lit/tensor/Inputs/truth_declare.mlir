// A function upstream rejects, with a writable argument: the truth
// harness declares it external, without the attribute upstream refuses
// there.
func.func @rejected(%A : tensor<?xf32>, %B : tensor<?xf32> {bufferization.writable = true}, %n : index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %B) -> tensor<?xf32> {
    scf.yield %A : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
