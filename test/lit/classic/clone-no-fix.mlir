// BL304 without a fix: the fix deletes whole lines, so it is offered only
// when the clone and the redundant dealloc each have their lines to
// themselves; a clone to another type in the generic form has no text to
// turn into a `memref.cast`.
// RUN: bufferlens lint --verify %s
// RUN: bufferlens lint --format json %s > %t.json
// RUN: python3 %inputs/fixes.py show %t.json | count 0

func.func @one_line(%arg0: index) -> memref<?xf32> {
  %1 = memref.alloc(%arg0) : memref<?xf32>
  // expected-warning@+2 {{%2 is a redundant clone of %1: %1 is freed in the same block, so canonicalization uses %1 in place of %2 and drops the clone and that dealloc [BL304]}}
  // expected-note@+1 {{this free of %1 goes away with the clone}}
  %2 = bufferization.clone %1 : memref<?xf32> to memref<?xf32> memref.dealloc %1 : memref<?xf32>
  return %2 : memref<?xf32>
}

func.func @labelled(%arg0: index) -> memref<?xf32> {
  %1 = memref.alloc(%arg0) : memref<?xf32>
  cf.br ^bb1
// expected-warning@+1 {{%2 is a redundant clone of %1: %1 is freed in the same block, so canonicalization uses %1 in place of %2 and drops the clone and that dealloc [BL304]}}
^bb1: %2 = bufferization.clone %1 : memref<?xf32> to memref<?xf32>
  // expected-note@+1 {{this free of %1 goes away with the clone}}
  memref.dealloc %1 : memref<?xf32>
  return %2 : memref<?xf32>
}

func.func @generic_cast() -> memref<?xf32> {
  %0 = memref.alloc() : memref<2xf32>
  // expected-warning@+1 {{%1 is a redundant clone of %0: %0 is freed in the same block, so canonicalization uses %0 in place of %1 and drops the clone and that dealloc [BL304]}}
  %1 = "bufferization.clone"(%0) : (memref<2xf32>) -> memref<?xf32>
  // expected-note@+1 {{this free of %0 goes away with the clone}}
  memref.dealloc %0 : memref<2xf32>
  return %1 : memref<?xf32>
}
