// BL305's reuse of the target on the reuseTarget example of
// mlir/docs/BufferDeallocationInternals.md (examples/reuseTarget.mlir),
// with an entry that fills the input, calls it and prints the result.
// BL305: 1
// COPIES-AFTER-FIX: 0
#map0 = affine_map<(d0) -> (d0)>
func.func @reuseTarget(%arg0: memref<2xf32>, %result: memref<2xf32>) {
  %temp = memref.alloc() : memref<2xf32>
  linalg.generic {
    indexing_maps = [#map0, #map0],
    iterator_types = ["parallel"]}
    ins(%arg0 : memref<2xf32>) outs(%temp : memref<2xf32>) {
  ^bb0(%gen2_arg0: f32, %gen2_arg1: f32):
    %tmp2 = math.exp %gen2_arg0 : f32
    linalg.yield %tmp2 : f32
  }
  memref.copy %temp, %result : memref<2xf32> to memref<2xf32>
  memref.dealloc %temp : memref<2xf32>
  return
}

func.func private @printMemrefF32(memref<*xf32>)

func.func @entry() {
  %in = memref.alloc() : memref<2xf32>
  %out = memref.alloc() : memref<2xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %half = arith.constant 0.5 : f32
  %two = arith.constant 2.0 : f32
  memref.store %half, %in[%c0] : memref<2xf32>
  memref.store %two, %in[%c1] : memref<2xf32>
  call @reuseTarget(%in, %out) : (memref<2xf32>, memref<2xf32>) -> ()
  %printed = memref.cast %out : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%printed) : (memref<*xf32>) -> ()
  memref.dealloc %in : memref<2xf32>
  memref.dealloc %out : memref<2xf32>
  return
}
