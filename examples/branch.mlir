// From upstream: mlir/docs/BufferDeallocationInternals.md, "Introduction of Clones", and
// mlir/docs/Bufferization.md (2020), "Introduction of Copies".
//
// %2 merges %1 (allocated in the divergent block ^bb1, so it does not
// dominate ^bb3) and %0: %2 is a critical alias, the classic algorithm clones
// in both predecessors, frees %1 in ^bb1 and frees %2 and %0 in ^bb3.
//
// Changes from the upstream document:
// - `use(%0)` (not an upstream op) is `memref.load %0[%c0]`.
// - The upstream document's `…` body of ^bb3 is a read of %2 (it creates no alias).
func.func @branch(%arg0: i1) {
  %c0 = arith.constant 0 : index
  %0 = memref.alloc() : memref<2xf32>  // aliases: %2
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  %1 = memref.alloc() : memref<2xf32>  // resides here for demonstration purposes
                                       // aliases: %2
  cf.br ^bb3(%1 : memref<2xf32>)
^bb2:
  %u0 = memref.load %0[%c0] : memref<2xf32>  // use(%0)
  cf.br ^bb3(%0 : memref<2xf32>)
^bb3(%2: memref<2xf32>):  // crit. alias of %1 and %0
  %u2 = memref.load %2[%c0] : memref<2xf32>  // stands for the upstream document's `…`
  return
}
