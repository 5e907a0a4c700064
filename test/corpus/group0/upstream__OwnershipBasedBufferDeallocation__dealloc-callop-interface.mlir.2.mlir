











































func.func private @f(%arg0: memref<f64>) -> memref<f64> {
  return %arg0 : memref<f64>
}

func.func @function_call_requries_merged_ownership_mid_block(%arg0: i1) {
  %alloc = memref.alloc() : memref<f64>
  %alloc2 = memref.alloca() : memref<f64>
  %0 = arith.select %arg0, %alloc, %alloc2 : memref<f64>
  %ret = call @f(%0) : (memref<f64>) -> memref<f64>
  memref.copy %ret, %alloc : memref<f64> to memref<f64>
  return
}

// TODO: the inserted clone is not necessary, we just have to know which of the
// two allocations was selected, either by checking aliasing of the result at
// runtime or by extracting the select condition using an OpInterface or by
// hardcoding the select op
// Expected error/warning findings of test/corpus/upstream/OwnershipBasedBufferDeallocation/dealloc-callop-interface.mlir (absolute
// lines), each with why it is true; see test/corpus/README.md.

// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.


// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.


// why: true by construction: the buffer-deallocation-pipeline output of this function (mlir-opt --buffer-deallocation-pipeline on this chunk) still compares base pointers (memref.extract_aligned_pointer_as_index) at this terminator. No execution: BL203 names a comparison of base pointers the pipeline's output makes at run time, a cost and not a run-time error, so the harness has nothing to observe.
// expected-warning@55 {{ownership is unknown at the end of ^bb0: the deallocation pipeline compares the base pointers of %alloc, %ret at run time [BL203]}}
