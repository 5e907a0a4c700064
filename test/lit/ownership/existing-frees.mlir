// RUN: bufferlens lint --verify %s

// A function that already frees memory is the checker's: the pass's
// rejection ("memory free side-effect on MemRef value not supported") is
// not a finding unless `reportPassRejectionOfFrees` asks for it.
func.func @frees(%arg0: memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %arg0, %0 : memref<2xf32> to memref<2xf32>
  memref.dealloc %0 : memref<2xf32>
  return
}
