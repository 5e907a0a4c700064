// RUN: bufferlens rewrite --strategy classic %s 2> %t.notes | FileCheck %s
// RUN: FileCheck %s --check-prefix=NOTES --input-file %t.notes
// RUN: bufferlens rewrite --strategy classic %s | mlir-opt > /dev/null
// RUN: bufferlens explain %s:18:3 | FileCheck %s --check-prefix=EXPLAIN
// RUN: bufferlens lint --verify --disable BL301 %s

// Allocations are tracked by their Allocate effect, so the plan also frees a
// `gpu.alloc`: with the GPU dialect's free, `gpu.dealloc`
// (https://mlir.llvm.org/docs/Dialects/GPU/#gpudealloc-gpudeallocop), not
// `memref.dealloc`, which it used to insert. The free is recognised in the
// plan by its Free effect. An asynchronous `gpu.alloc` would need a
// `gpu.dealloc async` in its chain of tokens: the function is refused, with
// the reason, and left unchanged. Not executed: the test/exec harness lowers
// no GPU dialect; mlir-opt verifies the output.

func.func @gpu_buffer(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %0 = gpu.alloc () : memref<4xf32>
  %1 = memref.alloc() : memref<4xf32>
  memref.copy %out, %0 : memref<4xf32> to memref<4xf32>
  memref.copy %0, %1 : memref<4xf32> to memref<4xf32>
  memref.copy %1, %out : memref<4xf32> to memref<4xf32>
  return
}

func.func @gpu_async(%out: memref<4xf32>) {
  // expected-error@+1 {{the deallocation pass rejects `gpu.wait`: its memory effects are unknown (it does not implement MemoryEffectOpInterface), so the pass cannot tell whether it allocates or frees [BL204]}}
  %t0 = gpu.wait async
  // expected-error@+1 {{classic deallocation cannot analyse @gpu_async: `gpu.alloc` allocates asynchronously: its free would be a `gpu.dealloc async` in the same chain of tokens, which the classic algorithm does not build [BL204]}}
  %0, %t1 = gpu.alloc async [%t0] () : memref<4xf32>
  gpu.wait [%t1]
  memref.copy %0, %out : memref<4xf32> to memref<4xf32>
  return
}

// CHECK-LABEL: func.func @gpu_buffer
// CHECK:         %[[GPU:.*]] = gpu.alloc
// CHECK:         %[[HOST:.*]] = memref.alloc()
// CHECK:         memref.copy %[[GPU]], %[[HOST]]
// CHECK-NEXT:    gpu.dealloc %[[GPU]] : memref<4xf32>
// CHECK-NEXT:    memref.copy %[[HOST]], %arg0
// CHECK-NEXT:    memref.dealloc %[[HOST]] : memref<4xf32>
// CHECK-NEXT:    return
// CHECK-LABEL: func.func @gpu_async
// CHECK-NOT:     dealloc
// CHECK:         return

// NOTES: @gpu_async is unchanged: classic deallocation cannot analyse @gpu_async: `gpu.alloc` allocates asynchronously

// EXPLAIN: heap allocation (`gpu.alloc`)
// EXPLAIN: - freed: `gpu.dealloc` after `memref.copy` in the entry block
// EXPLAIN: - stack: stays on the heap: it is allocated by `gpu.alloc`, and only a `memref.alloc` can become a `memref.alloca`
