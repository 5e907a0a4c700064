// A module mixing a function on memrefs and one on tensors: each is drawn
// with its own kind (test/lit/graph/tensor.test).
func.func @on_memrefs(%c: i1) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  return %a : memref<4xf32>
}

func.func @on_tensors(%v: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %f : tensor<4xf32>
}
