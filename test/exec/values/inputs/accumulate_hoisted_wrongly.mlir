// The harness's own test: accumulate.mlir with its allocation hoisted out
// of the loop, which a correct hoist must not do here: from the second
// iteration on, the add writes the buffer it reads, and the store reads
// the element the add just wrote. The values differ from accumulate.mlir's.
module {
  func.func @accumulate(%x: memref<4xf32>, %n: index) -> memref<4xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %new = memref.alloc() : memref<4xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (memref<4xf32>) {
      linalg.add ins(%acc, %acc : memref<4xf32>, memref<4xf32>) outs(%new : memref<4xf32>)
      %last = memref.load %acc[%c0] : memref<4xf32>
      memref.store %last, %new[%c1] : memref<4xf32>
      scf.yield %new : memref<4xf32>
    }
    return %r : memref<4xf32>
  }
}
