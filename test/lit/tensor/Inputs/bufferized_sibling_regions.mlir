// Two allocations in the two regions of one scf.if: upstream's printer
// names both buffers %alloc (names restart in sibling regions).
func.func @sibling_regions(%t: tensor<?xf32>, %sz: index, %c: i1)
    -> tensor<?xf32> {
  %cst1 = arith.constant 0.0 : f32
  %cst2 = arith.constant 1.0 : f32
  %if = scf.if %c -> tensor<?xf32> {
    %a1 = tensor.empty(%sz) : tensor<?xf32>
    %f1 = linalg.fill ins(%cst1 : f32) outs(%a1 : tensor<?xf32>) -> tensor<?xf32>
    scf.yield %f1 : tensor<?xf32>
  } else {
    %a2 = tensor.empty(%sz) : tensor<?xf32>
    %f2 = linalg.fill ins(%cst2 : f32) outs(%a2 : tensor<?xf32>) -> tensor<?xf32>
    scf.yield %f2 : tensor<?xf32>
  }
  %r = tensor.insert_slice %if into %t[42][%sz][1] : tensor<?xf32> into tensor<?xf32>
  return %r : tensor<?xf32>
}
