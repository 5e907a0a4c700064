// No BL305: %temp is written with the elements of %in in reverse order, and
// %in may be the caller's %result. @entry passes one buffer as both: as
// written, the function reverses it ([3, 4] -> [4, 3]); with %result written
// in place of %temp, the second iteration would read the element the first
// one wrote ([4, 4]). @entry runs the function and that removal by hand
// (@reversed_removed) on the same input and prints both.
// BL305: 0
// COPIES-AFTER-FIX: 1
#id = affine_map<(d0) -> (d0)>
#rev = affine_map<(d0) -> (1 - d0)>
func.func @reversed(%in: memref<2xf32>, %result: memref<2xf32>) {
  %temp = memref.alloc() : memref<2xf32>
  linalg.generic {indexing_maps = [#rev, #id], iterator_types = ["parallel"]}
      ins(%in : memref<2xf32>) outs(%temp : memref<2xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  memref.copy %temp, %result : memref<2xf32> to memref<2xf32>
  memref.dealloc %temp : memref<2xf32>
  return
}

func.func @reversed_removed(%in: memref<2xf32>, %result: memref<2xf32>) {
  linalg.generic {indexing_maps = [#rev, #id], iterator_types = ["parallel"]}
      ins(%in : memref<2xf32>) outs(%result : memref<2xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

func.func private @printMemrefF32(memref<*xf32>)

func.func @entry() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %three = arith.constant 3.0 : f32
  %four = arith.constant 4.0 : f32
  %a = memref.alloc() : memref<2xf32>
  memref.store %three, %a[%c0] : memref<2xf32>
  memref.store %four, %a[%c1] : memref<2xf32>
  call @reversed(%a, %a) : (memref<2xf32>, memref<2xf32>) -> ()
  %pa = memref.cast %a : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%pa) : (memref<*xf32>) -> ()
  %b = memref.alloc() : memref<2xf32>
  memref.store %three, %b[%c0] : memref<2xf32>
  memref.store %four, %b[%c1] : memref<2xf32>
  call @reversed_removed(%b, %b) : (memref<2xf32>, memref<2xf32>) -> ()
  %pb = memref.cast %b : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%pb) : (memref<*xf32>) -> ()
  memref.dealloc %a : memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  return
}

// OUTPUT: Unranked Memref rank = 1 offset = 0 sizes = [2] strides = [1] data = 
// OUTPUT: [4,  3]
// OUTPUT: Unranked Memref rank = 1 offset = 0 sizes = [2] strides = [1] data = 
// OUTPUT: [4,  4]
