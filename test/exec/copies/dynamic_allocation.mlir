// BL305's reuse of the source on the scenario of "Reusing the Source Buffer
// of the Copy Operation" (mlir/docs/Bufferization.md, 2020; the same as
// BufferDeallocationInternals.md's dynamic_allocation with a copy in place
// of the clone): %2 is allocated with %1's sizes, %1 is copied into it and
// freed. Here %1 is filled first, so the copy copies defined values.
// BL305: 1
// COPIES-AFTER-FIX: 0
func.func @dynamic_allocation(%arg0: index, %arg1: index, %v: f32) -> memref<?x?xf32> {
  %1 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
  linalg.fill ins(%v : f32) outs(%1 : memref<?x?xf32>)
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %1, %c0 : memref<?x?xf32>
  %d1 = memref.dim %1, %c1 : memref<?x?xf32>
  %2 = memref.alloc(%d0, %d1) : memref<?x?xf32>
  memref.copy %1, %2 : memref<?x?xf32> to memref<?x?xf32>
  memref.dealloc %1 : memref<?x?xf32>
  return %2 : memref<?x?xf32>
}

func.func private @printMemrefF32(memref<*xf32>)

func.func @entry() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %v = arith.constant 7.0 : f32
  %r = call @dynamic_allocation(%c2, %c3, %v) : (index, index, f32) -> memref<?x?xf32>
  %printed = memref.cast %r : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%printed) : (memref<*xf32>) -> ()
  memref.dealloc %r : memref<?x?xf32>
  return
}
