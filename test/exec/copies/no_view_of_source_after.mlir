// No BL305: %view, a subview of the source %1 taken before the copy, is
// read after the copy, once the target %2 has been written. Using %1 in
// place of %2 would make that read see the store into %2.
// BL305: 0
// COPIES-AFTER-FIX: 1
func.func @viewAfter(%v: f32, %seen: memref<1xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %nine = arith.constant 9.0 : f32
  %1 = memref.alloc() : memref<4xf32>
  linalg.fill ins(%v : f32) outs(%1 : memref<4xf32>)
  %view = memref.subview %1[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  %2 = memref.alloc() : memref<4xf32>
  memref.copy %1, %2 : memref<4xf32> to memref<4xf32>
  memref.store %nine, %2[%c0] : memref<4xf32>
  %old = memref.load %view[%c0] : memref<2xf32, strided<[1]>>
  memref.store %old, %seen[%c0] : memref<1xf32>
  memref.dealloc %1 : memref<4xf32>
  return %2 : memref<4xf32>
}

func.func private @printMemrefF32(memref<*xf32>)

func.func @entry() {
  %c0 = arith.constant 0 : index
  %five = arith.constant 5.0 : f32
  %seen = memref.alloc() : memref<1xf32>
  memref.store %five, %seen[%c0] : memref<1xf32>
  %r = call @viewAfter(%five, %seen) : (f32, memref<1xf32>) -> memref<4xf32>
  %p0 = memref.cast %r : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%p0) : (memref<*xf32>) -> ()
  %p1 = memref.cast %seen : memref<1xf32> to memref<*xf32>
  call @printMemrefF32(%p1) : (memref<*xf32>) -> ()
  memref.dealloc %r : memref<4xf32>
  memref.dealloc %seen : memref<1xf32>
  return
}
