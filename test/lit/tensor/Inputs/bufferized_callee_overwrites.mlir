// A callee that overwrites its argument whole and returns it; the caller's
// argument may not be written, so upstream passes a new buffer, which it
// need not copy (the callee reads nothing of it).
func.func @overwrite(%t: tensor<16xf32>, %v: f32) -> tensor<16xf32> {
  %r = linalg.fill ins(%v : f32) outs(%t : tensor<16xf32>) -> tensor<16xf32>
  return %r : tensor<16xf32>
}

func.func @caller(%x: tensor<16xf32> {bufferization.writable = false}, %v: f32) -> f32 {
  %c3 = arith.constant 3 : index
  %r = call @overwrite(%x, %v) : (tensor<16xf32>, f32) -> tensor<16xf32>
  %e = tensor.extract %r[%c3] : tensor<16xf32>
  return %e : f32
}
