// Executable variant (from test/exec/inputs/src) of examples/inner_region_control_flow_div.mlir: the
// condition is the i1 argument %cond instead of a compare of the sizes.
// EXEC: @inner_region_control_flow_div lower-bufferization
// EXPECT: combo arg2=0: ok
// EXPECT: combo arg2=1: ok
func.func @inner_region_control_flow_div(%arg0 : index, %arg1 : index, %cond : i1)
    -> memref<?x?xf32> {
  %0 = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
  %1 = scf.execute_region -> memref<?x?xf32> {
    cf.cond_br %cond, ^then(%0 : memref<?x?xf32>), ^else(%0 : memref<?x?xf32>)
  ^then(%arg2 : memref<?x?xf32>):
    cf.br ^join(%arg2 : memref<?x?xf32>)
  ^else(%arg3 : memref<?x?xf32>):
    %2 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
    cf.br ^join(%2 : memref<?x?xf32>)
  ^join(%arg4 : memref<?x?xf32>):
    scf.yield %arg4 : memref<?x?xf32>
  }
  return %1 : memref<?x?xf32>
}
