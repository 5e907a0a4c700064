// Returns a buffer that aliases an argument on one path (violates the
// function-boundary ABI; the caller would free its own argument).
// EXEC: @returns_argument
// EXPECT: combo arg0=0: ok
// EXPECT: combo arg0=1: returns-argument
func.func @returns_argument(%arg0: i1, %arg1: memref<2xf32>) -> memref<2xf32> {
  %0 = scf.if %arg0 -> (memref<2xf32>) {
    scf.yield %arg1 : memref<2xf32>
  } else {
    %1 = memref.alloc() : memref<2xf32>
    memref.copy %arg1, %1 : memref<2xf32> to memref<2xf32>
    scf.yield %1 : memref<2xf32>
  }
  return %0 : memref<2xf32>
}
