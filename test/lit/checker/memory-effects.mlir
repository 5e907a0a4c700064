// RUN: bufferlens lint --verify --stage deallocated %s

// Frees and allocations are recognised by the memory effects their ops
// declare (MemoryEffectOpInterface), not by their names. The memref-typed
// ones upstream MLIR 22 registers, from the ODS of llvm-project at
// llvmorg-22.1.0:
//   MemAlloc on a result: memref.alloc, memref.alloca (on the automatic
//     allocation scope: the stack), memref.realloc, bufferization.clone,
//     gpu.alloc (mlir/include/mlir/Dialect/{MemRef,Bufferization,GPU}/IR);
//   MemFree on an operand: memref.dealloc, memref.realloc, gpu.dealloc.
// (bufferization.dealloc declares no Free effect; Frees.cpp models it.)

// gpu.alloc / gpu.dealloc, synchronous and async: a correct pair is clean.
func.func @gpu_clean() {
  %0 = gpu.alloc () : memref<4xf32>
  gpu.dealloc %0 : memref<4xf32>
  %t0 = gpu.wait async
  %1, %t1 = gpu.alloc async [%t0] () : memref<4xf32>
  %t2 = gpu.dealloc async [%t1] %1 : memref<4xf32>
  %2 = gpu.alloc host_shared () : memref<4xf32>
  gpu.dealloc %2 : memref<4xf32>
  return
}

// A leak of device memory: no memref.dealloc fix is offered for it
// (memory-effects-fix.test).
func.func @gpu_leak() {
  %0 = gpu.alloc () : memref<4xf32> // expected-error {{%0 leaks: ^bb0 -> return [BL101]}}
  return // expected-note {{the path leaves here}}
}

func.func @gpu_double_free() {
  %0 = gpu.alloc () : memref<4xf32> // expected-note {{%0 is allocated here}}
  gpu.dealloc %0 : memref<4xf32> // expected-note {{first freed here}}
  gpu.dealloc %0 : memref<4xf32> // expected-error {{double free of %0: ^bb0 [BL102]}}
  return
}

func.func @gpu_use_after_free(%i: index) -> f32 {
  %0 = gpu.alloc () : memref<4xf32> // expected-note {{%0 is allocated here}}
  gpu.dealloc %0 : memref<4xf32> // expected-note {{freed here}}
  %v = memref.load %0[%i] : memref<4xf32> // expected-error {{use of %0 after it was freed: ^bb0 [BL103]}}
  return %v : f32
}

// Freed on one branch only.
func.func @gpu_conditional_free(%c: i1) {
  %0 = gpu.alloc () : memref<4xf32> // expected-error {{%0 leaks when %c is false: ^bb0 -> return [BL101]}}
  scf.if %c {
    gpu.dealloc %0 : memref<4xf32>
  }
  return // expected-note {{the path leaves here}}
}

// gpu.dealloc of what the function does not own.
func.func @gpu_free_argument(%a: memref<4xf32>) { // expected-note {{%a is an argument of the function}}
  gpu.dealloc %a : memref<4xf32> // expected-error {{free of %a (a function argument: the caller owns it): ^bb0 [BL104]}}
  return
}

func.func @gpu_free_alloca() {
  %0 = memref.alloca() : memref<4xf32> // expected-note {{%0 is allocated on the stack here}}
  gpu.dealloc %0 : memref<4xf32> // expected-error {{free of %0 (a stack allocation): ^bb0 [BL104]}}
  return
}

// memref.realloc frees its source and allocates its result.
func.func @realloc_clean(%n: index) {
  %0 = memref.alloc() : memref<4xf32>
  %1 = memref.realloc %0(%n) : memref<4xf32> to memref<?xf32>
  memref.dealloc %1 : memref<?xf32>
  return
}

func.func @realloc_result_leaks(%n: index) {
  %0 = memref.alloc() : memref<4xf32>
  %1 = memref.realloc %0(%n) : memref<4xf32> to memref<?xf32> // expected-error {{%1 leaks: ^bb0 -> return [BL101]}}
  return // expected-note {{the path leaves here}}
}

func.func @realloc_then_free_source(%n: index) {
  %0 = memref.alloc() : memref<4xf32> // expected-note {{%0 is allocated here}}
  %1 = memref.realloc %0(%n) : memref<4xf32> to memref<?xf32> // expected-note {{first freed here}}
  memref.dealloc %0 : memref<4xf32> // expected-error {{double free of %0: ^bb0 [BL102]}}
  memref.dealloc %1 : memref<?xf32>
  return
}

func.func @realloc_of_freed(%n: index) {
  %0 = memref.alloc() : memref<4xf32> // expected-note {{%0 is allocated here}}
  memref.dealloc %0 : memref<4xf32> // expected-note {{first freed here}}
  %1 = memref.realloc %0(%n) : memref<4xf32> to memref<?xf32> // expected-error {{double free of %0: ^bb0 [BL102]}}
  memref.dealloc %1 : memref<?xf32>
  return
}

func.func @use_after_realloc(%n: index, %i: index) -> f32 {
  %0 = memref.alloc() : memref<4xf32> // expected-note {{%0 is allocated here}}
  %1 = memref.realloc %0(%n) : memref<4xf32> to memref<?xf32> // expected-note {{freed here}}
  %v = memref.load %0[%i] : memref<4xf32> // expected-error {{use of %0 after it was freed: ^bb0 [BL103]}}
  memref.dealloc %1 : memref<?xf32>
  return %v : f32
}

// memref.alloc, bufferization.clone and memref.dealloc as before; an
// alloca is the stack's.
func.func @memref_and_clone(%a: memref<4xf32>) {
  %0 = memref.alloc() : memref<4xf32>
  %1 = bufferization.clone %a : memref<4xf32> to memref<4xf32> // expected-error {{%1 leaks: ^bb0 -> return [BL101]}}
  %2 = memref.alloca() : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return // expected-note {{the path leaves here}}
}
