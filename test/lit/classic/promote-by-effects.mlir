// RUN: bufferlens lint --verify --stage bufferized %s

// BL301 finds allocations and frees by their memory effects
// (MemoryEffectOpInterface), not by op name: a `memref.alloc` that another
// op frees (`memref.realloc`, `gpu.dealloc`) stays on the heap, since that
// op would then free a stack buffer. The stage is forced: these frees would
// otherwise make the functions deallocated IR, where BL301 is not computed.
// (explain of a `gpu.alloc`'s stack line: classic/gpu-alloc.mlir.)

func.func @freed_by_realloc(%n: index, %i: index) -> f32 {
  %0 = memref.alloc() : memref<2xf32>
  // expected-error@+1 {{the deallocation pass rejects `memref.realloc`: it frees a buffer, and the input must not contain deallocations yet [BL204]}}
  %1 = memref.realloc %0(%n) : memref<2xf32> to memref<?xf32>
  %v = memref.load %1[%i] : memref<?xf32>
  return %v : f32
}

func.func @freed_by_gpu_dealloc(%out: memref<4xf32>) {
  %0 = memref.alloc() : memref<4xf32>
  memref.copy %0, %out : memref<4xf32> to memref<4xf32>
  // expected-error@+1 {{the deallocation pass rejects `gpu.dealloc`: it frees a buffer, and the input must not contain deallocations yet [BL204]}}
  gpu.dealloc %0 : memref<4xf32>
  return
}

// The close case: nothing frees %0, so it can still become an alloca.
func.func @not_freed(%out: memref<4xf32>) {
  %0 = memref.alloc() : memref<4xf32>
  // expected-remark@-1 {{%0 can be promoted to the stack: 16 bytes (limit 1024), static shape, and it never leaves its block [BL301]}}
  memref.copy %0, %out : memref<4xf32> to memref<4xf32>
  return
}
