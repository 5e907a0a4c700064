// From upstream: mlir/docs/BufferDeallocationInternals.md and mlir/docs/Bufferization.md (2020),
// "Detection of Buffer Allocations".
//
// A "hybrid" setup: %0 is a stack allocation (alloca, freed automatically by
// the enclosing scope, never tracked), %1 a heap allocation (tracked). Both
// flow into the block argument %2.
//
// Changes from the upstream document:
// - `use(%x)` (not an upstream op) is a read of one element:
//   `memref.load %x[%c0]`.
// - The upstream document's `...` body of ^bb3 is a read of %2 followed by `return`.
func.func @mixedAllocation(%arg0: i1) {
  %c0 = arith.constant 0 : index
  %0 = memref.alloca() : memref<2xf32>  // aliases: %2
  %1 = memref.alloc() : memref<2xf32>  // aliases: %2
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  %u0 = memref.load %0[%c0] : memref<2xf32>  // use(%0)
  cf.br ^bb3(%0 : memref<2xf32>)
^bb2:
  %u1 = memref.load %1[%c0] : memref<2xf32>  // use(%1)
  cf.br ^bb3(%1 : memref<2xf32>)
^bb3(%2: memref<2xf32>):
  %u2 = memref.load %2[%c0] : memref<2xf32>  // stands for the upstream document's `...`
  return
}
