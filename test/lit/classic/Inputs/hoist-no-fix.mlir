// BL302 hints without a fix, and allocations with no hint (hoist-fix.test).

// Iterations of scf.parallel run at once: one buffer for all would race.
func.func @parallel(%lb: index, %ub: index, %step: index, %out: memref<512xf32>) {
  scf.parallel (%i) = (%lb) to (%ub) step (%step) {
    %a = memref.alloc() : memref<512xf32>
    memref.copy %out, %a : memref<512xf32> to memref<512xf32>
    scf.reduce
  }
  return
}

// The allocation shares its line with another op: moving its line would
// move that op too.
func.func @shared_line(%lb: index, %ub: index, %step: index, %out: memref<512xf32>) {
  scf.for %i = %lb to %ub step %step {
    %a = memref.alloc() : memref<512xf32> memref.copy %out, %a : memref<512xf32> to memref<512xf32>
  }
  return
}

// The size depends on the induction variable: no hint.
func.func @induction(%lb: index, %ub: index, %step: index, %out: memref<?xf32>) {
  scf.for %i = %lb to %ub step %step {
    %m = arith.addi %i, %i : index
    %a = memref.alloc(%m) : memref<?xf32>
    memref.copy %out, %a : memref<?xf32> to memref<?xf32>
  }
  return
}

// The size is loaded from memory the loop may change: no hint.
func.func @loaded(%lb: index, %ub: index, %step: index, %sizes: memref<1xindex>,
                  %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  scf.for %i = %lb to %ub step %step {
    %m = memref.load %sizes[%c0] : memref<1xindex>
    %a = memref.alloc(%m) : memref<?xf32>
    memref.copy %out, %a : memref<?xf32> to memref<?xf32>
  }
  return
}

// A division is not speculatable (by zero): it stays, so the allocation does.
func.func @division(%lb: index, %ub: index, %step: index, %n: index, %d: index,
                    %out: memref<?xf32>) {
  scf.for %i = %lb to %ub step %step {
    %m = arith.divui %n, %d : index
    %a = memref.alloc(%m) : memref<?xf32>
    memref.copy %out, %a : memref<?xf32> to memref<?xf32>
  }
  return
}

// A call takes the buffer in each iteration: the callee may keep it, and
// would then get one buffer for all iterations.
func.func private @keep(memref<512xf32>)
func.func @called(%lb: index, %ub: index, %step: index) {
  scf.for %i = %lb to %ub step %step {
    %a = memref.alloc() : memref<512xf32>
    func.call @keep(%a) : (memref<512xf32>) -> ()
  }
  return
}
