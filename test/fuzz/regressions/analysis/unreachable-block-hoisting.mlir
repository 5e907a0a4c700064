// From upstream: mlir/docs/BufferDeallocationInternals.md and mlir/docs/Bufferizati1, %arg2)` / `"linalg.copy"(%1, %arg2)` is
//   `memref.copy %1, %arg2` (reads %1, writes %arg2).
func.func @condBranch(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  cf.cond_br %arg0, ^bb1, ^bb1
^bb1:
  cf.br ^bb3(%arg1 : memref<2xf32>)
^bb2:
  %0 = memref.alloc() : memref<2xf32>  // aliases: %1
  %u0 = memref.load %0[%c0] : memref<2xf32>  // use(%0)
  cf.br ^bb3(%0 : memref<2xf32>)
^bb3(%1: memref<2xf32>):  // %1 could be %0 or %arg1
  memref.copy %1, %arg2 : memref<2xf32> to memref<2xf32>
  return
}
