// Executable variant (from test/exec/inputs/src) of examples/nested_region_control_flow.mlir: the
// condition %0 is the i1 argument %arg2 instead of `arith.cmpi eq, %arg0,
// %arg1`, and the read of %3 stores to the new argument %sink.
// EXEC: @nested_region_control_flow lower-bufferization
// EXPECT: combo arg2=0: ok
// EXPECT: combo arg2=1: ok
func.func @nested_region_control_flow(%arg0 : index, %arg1 : index, %arg2 : i1,
                                      %sink : memref<f32>) -> memref<?x?xf32> {
  %c0 = arith.constant 0 : index
  %1 = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
  %2 = scf.if %arg2 -> (memref<?x?xf32>) {
    scf.yield %1 : memref<?x?xf32>
  } else {
    %3 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
    %u3 = memref.load %3[%c0, %c0] : memref<?x?xf32>
    memref.store %u3, %sink[] : memref<f32>
    scf.yield %1 : memref<?x?xf32>
  }
  return %2 : memref<?x?xf32>
}
