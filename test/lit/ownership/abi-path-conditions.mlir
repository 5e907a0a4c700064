// BL105 is decided on the paths, not by may-alias: the code the ownership
// pass and its pipeline generate for a function that returns its argument
// (or a value that may be one) copies exactly when the value is not owned,
// so no path returns the argument itself. Inputs are upstream's pipeline
// output (MLIR 22): mlir-opt --buffer-deallocation-pipeline on
// mlir/test/Dialect/Bufferization/Transforms/OwnershipBasedBufferDeallocation/
// dealloc-memoryeffect-interface.mlir (@op_without_aliasing_and_allocation,
// with the global replaced by an argument), dealloc-region-branchop-
// interface.mlir (@test_affine_if_1) and test/corpus/programs/control_flow.mlir
// (@loop_new_tensor_each_iteration).
// RUN: bufferlens lint --verify --stage deallocated %s
// RUN: echo '{"privateFunctionDynamicOwnership": true}' > %t.json
// RUN: bufferlens lint --verify --stage deallocated --config %t.json %S/Inputs/abi-dynamic-ownership.mlir

// The ownership pass's own output for `return %arg0` (ownership false).
func.func @returns_argument(%arg0: memref<4xf32>) -> memref<4xf32> {
  %false = arith.constant false
  %0 = scf.if %false -> (memref<4xf32>) {
    scf.yield %arg0 : memref<4xf32>
  } else {
    %1 = bufferization.clone %arg0 : memref<4xf32> to memref<4xf32>
    scf.yield %1 : memref<4xf32>
  }
  return %0 : memref<4xf32>
}

#set = affine_set<() : (0 >= 0)>
func.func @test_affine_if_1(%arg0: memref<10xf32>) -> memref<10xf32> {
  %true = arith.constant true
  %false = arith.constant false
  %0:2 = affine.if #set() -> (memref<10xf32>, i1) {
    %alloc = memref.alloc() : memref<10xf32>
    affine.yield %alloc, %true : memref<10xf32>, i1
  } else {
    affine.yield %arg0, %false : memref<10xf32>, i1
  }
  %1 = scf.if %0#1 -> (memref<10xf32>) {
    scf.yield %0#0 : memref<10xf32>
  } else {
    %4 = bufferization.clone %0#0 : memref<10xf32> to memref<10xf32>
    scf.yield %4 : memref<10xf32>
  }
  %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %0#0 : memref<10xf32> -> memref<f32>, index, index, index
  %intptr = memref.extract_aligned_pointer_as_index %base_buffer : memref<f32> -> index
  %intptr_0 = memref.extract_aligned_pointer_as_index %1 : memref<10xf32> -> index
  %2 = arith.cmpi ne, %intptr, %intptr_0 : index
  %3 = arith.andi %2, %0#1 : i1
  scf.if %3 {
    memref.dealloc %base_buffer : memref<f32>
  }
  return %1 : memref<10xf32>
}

func.func @loop_new_tensor_each_iteration(%arg0: memref<64xf32>, %arg1: index) -> memref<64xf32> {
  %true = arith.constant true
  %false = arith.constant false
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0:2 = scf.for %arg2 = %c0 to %arg1 step %c1 iter_args(%arg3 = %arg0, %arg4 = %false) -> (memref<64xf32>, i1) {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
    linalg.mul ins(%arg3, %arg3 : memref<64xf32>, memref<64xf32>) outs(%alloc : memref<64xf32>)
    %base_buffer_1, %offset_2, %sizes_3, %strides_4 = memref.extract_strided_metadata %arg3 : memref<64xf32> -> memref<f32>, index, index, index
    scf.if %arg4 {
      memref.dealloc %base_buffer_1 : memref<f32>
    }
    scf.yield %alloc, %true : memref<64xf32>, i1
  }
  %1 = scf.if %0#1 -> (memref<64xf32>) {
    scf.yield %0#0 : memref<64xf32>
  } else {
    %4 = bufferization.clone %0#0 : memref<64xf32> to memref<64xf32>
    scf.yield %4 : memref<64xf32>
  }
  %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %0#0 : memref<64xf32> -> memref<f32>, index, index, index
  %intptr = memref.extract_aligned_pointer_as_index %base_buffer : memref<f32> -> index
  %intptr_0 = memref.extract_aligned_pointer_as_index %1 : memref<64xf32> -> index
  %2 = arith.cmpi ne, %intptr, %intptr_0 : index
  %3 = arith.andi %2, %0#1 : i1
  scf.if %3 {
    memref.dealloc %base_buffer : memref<f32>
  }
  return %1 : memref<64xf32>
}

// Still reported: %c is the caller's choice, and when it is true the
// argument itself is returned.
func.func @returns_argument_when(%c: i1, %arg0: memref<4xf32>) -> memref<4xf32> {
  %0 = scf.if %c -> (memref<4xf32>) {
    scf.yield %arg0 : memref<4xf32>
  } else {
    %1 = bufferization.clone %arg0 : memref<4xf32> to memref<4xf32>
    scf.yield %1 : memref<4xf32>
  }
  return %0 : memref<4xf32>
  // expected-error@-1 {{@returns_argument_when returns %0, which may alias argument %arg0: the caller would own a buffer it already owns (function-boundary ABI); return a copy [BL105]}}
  // expected-note@-9 {{argument %arg0}}
}
