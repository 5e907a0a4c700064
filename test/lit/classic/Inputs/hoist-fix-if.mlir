// BL302's fix out of scf.if (hoist-fix.test): our hint leaves region ops
// that are not loops when the operands allow it (BufferDeallocationInternals.md
// "Movement and Placement of Allocations"); upstream's --buffer-hoisting
// leaves this one where it is.
func.func @nested_if(%c: i1, %d: i1, %out: memref<512xf32>) {
  scf.if %c {
    scf.if %d {
      %a = memref.alloc() : memref<512xf32>
      memref.copy %a, %out : memref<512xf32> to memref<512xf32>
    }
  }
  return
}
