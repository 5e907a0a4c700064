// A hand-written module for leak-stage-from-module.test: @freed frees its
// buffer, @left_to_the_pass is written for the deallocation pass to free.
func.func @freed(%n: index) {
  %0 = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %0 : memref<?xf32>
  return
}

func.func @left_to_the_pass(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %0 = memref.alloc(%n) : memref<?xf32>
  %v = memref.load %0[%c0] : memref<?xf32>
  return %v : f32
}
