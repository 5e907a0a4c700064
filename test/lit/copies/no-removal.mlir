// BL305 stays silent where removing the copy would be wrong or where it
// cannot tell: each function here is one reason. (A false warning is worse
// than a missed one.) test/exec/copies/no_*.mlir run three of them.
// RUN: bufferlens lint --verify --disable BL301 %s

#id = affine_map<(d0) -> (d0)>
#rev = affine_map<(d0) -> (1 - d0)>

// The target is read between the write of %temp and the copy.
func.func @read_of_target_between(%in: memref<2xf32>, %result: memref<2xf32>, %seen: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %temp = memref.alloc() : memref<2xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%in : memref<2xf32>) outs(%temp : memref<2xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  %old = memref.load %result[%c0] : memref<2xf32>
  memref.store %old, %seen[%c0] : memref<2xf32>
  memref.copy %temp, %result : memref<2xf32> to memref<2xf32>
  memref.dealloc %temp : memref<2xf32>
  return
}

// A view of the target is written in between.
func.func @view_of_target_between(%in: memref<2xf32>, %result: memref<2xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %temp = memref.alloc() : memref<2xf32>
  memref.copy %in, %temp : memref<2xf32> to memref<2xf32>
  %head = memref.subview %result[0] [1] [1] : memref<2xf32> to memref<1xf32, strided<[1]>>
  memref.store %v, %head[%c0] : memref<1xf32, strided<[1]>>
  memref.copy %temp, %result : memref<2xf32> to memref<2xf32>
  memref.dealloc %temp : memref<2xf32>
  return
}

// %in may be %result (an aliasing argument), and the reversal reads the
// element the other iteration writes.
func.func @aliasing_argument(%in: memref<2xf32>, %result: memref<2xf32>) {
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

// A read of another argument by an op that is not elementwise: memref.copy
// reads it whole before the write would land in %result.
func.func @argument_copied_in_between(%in: memref<2xf32>, %other: memref<2xf32>, %result: memref<2xf32>) {
  %temp = memref.alloc() : memref<2xf32>
  memref.copy %in, %temp : memref<2xf32> to memref<2xf32>
  %seen = memref.alloc() : memref<2xf32>
  memref.copy %other, %seen : memref<2xf32> to memref<2xf32>
  memref.copy %temp, %result : memref<2xf32> to memref<2xf32>
  memref.dealloc %temp : memref<2xf32>
  memref.dealloc %seen : memref<2xf32>
  return
}

// The target is a block argument that may be %in itself: elementwise or
// not, the write would go to the buffer being read.
func.func @block_argument_target(%in: memref<2xf32>, %out: memref<2xf32>, %c: i1) {
  cf.cond_br %c, ^bb1(%in : memref<2xf32>), ^bb1(%out : memref<2xf32>)
^bb1(%result: memref<2xf32>):
  %temp = memref.alloc() : memref<2xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%in : memref<2xf32>) outs(%temp : memref<2xf32>) {
  ^bb0(%a: f32, %b: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  }
  memref.copy %temp, %result : memref<2xf32> to memref<2xf32>
  memref.dealloc %temp : memref<2xf32>
  return
}

func.func private @fill(memref<2xf32>)

// A call writes the temporary: its effects are unknown.
func.func @call_in_between(%result: memref<2xf32>) {
  %temp = memref.alloc() : memref<2xf32>
  call @fill(%temp) : (memref<2xf32>) -> ()
  memref.copy %temp, %result : memref<2xf32> to memref<2xf32>
  memref.dealloc %temp : memref<2xf32>
  return
}

// The temporary is read after the copy, before its free.
func.func @source_read_after_copy(%in: memref<2xf32>, %result: memref<2xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %temp = memref.alloc() : memref<2xf32>
  memref.copy %in, %temp : memref<2xf32> to memref<2xf32>
  memref.copy %temp, %result : memref<2xf32> to memref<2xf32>
  %x = memref.load %temp[%c0] : memref<2xf32>
  memref.dealloc %temp : memref<2xf32>
  return %x : f32
}

// A view of the source, taken before the copy, is read after it.
func.func @view_of_source_after(%v: f32, %seen: memref<1xf32>) -> memref<4xf32> {
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

// The new target is written before the copy overwrites it.
func.func @target_used_before_copy(%v: f32) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %1 = memref.alloc() : memref<4xf32>
  linalg.fill ins(%v : f32) outs(%1 : memref<4xf32>)
  %2 = memref.alloc() : memref<4xf32>
  memref.store %v, %2[%c0] : memref<4xf32>
  memref.copy %1, %2 : memref<4xf32> to memref<4xf32>
  memref.dealloc %1 : memref<4xf32>
  return %2 : memref<4xf32>
}

// The target promises an alignment the source was not allocated with.
func.func @alignment(%v: f32) -> memref<4xf32> {
  %1 = memref.alloc() : memref<4xf32>
  linalg.fill ins(%v : f32) outs(%1 : memref<4xf32>)
  %2 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  memref.copy %1, %2 : memref<4xf32> to memref<4xf32>
  memref.dealloc %1 : memref<4xf32>
  return %2 : memref<4xf32>
}

// The source is freed in another block.
func.func @freed_elsewhere(%v: f32) -> memref<4xf32> {
  %1 = memref.alloc() : memref<4xf32>
  linalg.fill ins(%v : f32) outs(%1 : memref<4xf32>)
  %2 = memref.alloc() : memref<4xf32>
  memref.copy %1, %2 : memref<4xf32> to memref<4xf32>
  cf.br ^bb1
^bb1:
  memref.dealloc %1 : memref<4xf32>
  return %2 : memref<4xf32>
}

// The types differ: one cannot stand for the other.
func.func @different_types(%in: memref<4xf32>, %result: memref<4xf32, strided<[1], offset: ?>>) {
  %temp = memref.alloc() : memref<4xf32>
  memref.copy %in, %temp : memref<4xf32> to memref<4xf32>
  memref.copy %temp, %result : memref<4xf32> to memref<4xf32, strided<[1], offset: ?>>
  memref.dealloc %temp : memref<4xf32>
  return
}

// The target is defined after the temporary is allocated.
func.func @target_defined_after(%in: memref<2xf32>) -> memref<2xf32> {
  %temp = memref.alloc() : memref<2xf32>
  memref.copy %in, %temp : memref<2xf32> to memref<2xf32>
  %result = memref.alloca() : memref<2xf32>
  memref.copy %temp, %result : memref<2xf32> to memref<2xf32>
  memref.dealloc %temp : memref<2xf32>
  %r = memref.alloc() : memref<2xf32>
  memref.copy %result, %r : memref<2xf32> to memref<2xf32>
  return %r : memref<2xf32>
}

// Buffers freed by hand (`bufferization.manual_deallocation`): the
// deallocation pass would not free the kept one where it frees the dropped
// one (test/lit/classic/manual-deallocation.mlir has more).
func.func @manual_deallocation(%out: memref<4xf32>) {
  %manual = memref.alloc() {bufferization.manual_deallocation} : memref<4xf32>
  %tmp = memref.alloc() : memref<4xf32>
  memref.copy %out, %manual : memref<4xf32> to memref<4xf32>
  memref.copy %manual, %tmp : memref<4xf32> to memref<4xf32>
  memref.copy %tmp, %out : memref<4xf32> to memref<4xf32>
  memref.dealloc %manual {bufferization.manual_deallocation} : memref<4xf32>
  return
}

func.func private @dummy_op(tensor<10xf32>) -> tensor<10xf32>

// From upstream's one-shot-bufferize-partial.mlir through the deallocation
// pipeline (test/corpus/upstream-dealloc): %0, a tensor of the source, is
// read after the copy; with %alloc in place of %alloc_0, the transfer_write
// would change it.
func.func @tensor_of_source(%arg0: vector<5xf32>) -> (tensor<10xf32>, tensor<10xf32>) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 5.000000e+00 : f32
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<10xf32>
  linalg.fill ins(%cst : f32) outs(%alloc : memref<10xf32>)
  %0 = bufferization.to_tensor %alloc : memref<10xf32> to tensor<10xf32>
  %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<10xf32>
  memref.copy %alloc, %alloc_0 : memref<10xf32> to memref<10xf32>
  vector.transfer_write %arg0, %alloc_0[%c0] {in_bounds = [true]} : vector<5xf32>, memref<10xf32>
  %1 = bufferization.to_tensor %alloc_0 : memref<10xf32> to tensor<10xf32>
  %2 = call @dummy_op(%0) : (tensor<10xf32>) -> tensor<10xf32>
  memref.dealloc %alloc : memref<10xf32>
  memref.dealloc %alloc_0 : memref<10xf32>
  return %1, %2 : tensor<10xf32>, tensor<10xf32>
}

// A tensor of the target is read between the write of %temp and the copy
// (tensor.extract has no memory effect to see).
func.func @tensor_of_target(%in: memref<2xf32>, %result: memref<2xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %t = bufferization.to_tensor %result : memref<2xf32> to tensor<2xf32>
  %temp = memref.alloc() : memref<2xf32>
  %zero = arith.constant 0.0 : f32
  memref.store %zero, %temp[%c0] : memref<2xf32>
  %x = tensor.extract %t[%c0] : tensor<2xf32>
  memref.copy %temp, %result : memref<2xf32> to memref<2xf32>
  memref.dealloc %temp : memref<2xf32>
  return %x : f32
}
