"func.func"() ({
  "func.return"() : () -> ()
}) {function_type = () -> ()} : () -> ()
func.func private @ext(memref<2xf32>) -> memref<2xf32>
func.func @g(%c: i1) -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32>
  %1 = func.call @ext(%0) : (memref<2xf32>) -> memref<2xf32>
  %2 = scf.if %c -> memref<2xf32> {
    scf.yield %0 : memref<2xf32>
  } else {
    scf.yield %1 : memref<2xf32>
  }
  return %2 : memref<2xf32>
}
