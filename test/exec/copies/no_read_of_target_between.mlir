// No BL305: the target %result is read after %temp is written and before
// the copy. Writing %result in place of %temp would make that load see the
// new values instead of the caller's.
// BL305: 0
// COPIES-AFTER-FIX: 1
#id = affine_map<(d0) -> (d0)>
func.func @readsTarget(%in: memref<2xf32>, %result: memref<2xf32>, %seen: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %temp = memref.alloc() : memref<2xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%in : memref<2xf32>) outs(%temp : memref<2xf32>) {
  ^bb0(%a: f32, %b: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  }
  %old = memref.load %result[%c0] : memref<2xf32>
  memref.store %old, %seen[%c0] : memref<2xf32>
  memref.copy %temp, %result : memref<2xf32> to memref<2xf32>
  memref.dealloc %temp : memref<2xf32>
  return
}

func.func private @printMemrefF32(memref<*xf32>)

func.func @entry() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %nine = arith.constant 9.0 : f32
  %in = memref.alloc() : memref<2xf32>
  %out = memref.alloc() : memref<2xf32>
  %seen = memref.alloc() : memref<2xf32>
  linalg.fill ins(%one : f32) outs(%in : memref<2xf32>)
  linalg.fill ins(%nine : f32) outs(%out : memref<2xf32>)
  linalg.fill ins(%one : f32) outs(%seen : memref<2xf32>)
  call @readsTarget(%in, %out, %seen) : (memref<2xf32>, memref<2xf32>, memref<2xf32>) -> ()
  %p0 = memref.cast %out : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%p0) : (memref<*xf32>) -> ()
  %p1 = memref.cast %seen : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%p1) : (memref<*xf32>) -> ()
  memref.dealloc %in : memref<2xf32>
  memref.dealloc %out : memref<2xf32>
  memref.dealloc %seen : memref<2xf32>
  return
}
