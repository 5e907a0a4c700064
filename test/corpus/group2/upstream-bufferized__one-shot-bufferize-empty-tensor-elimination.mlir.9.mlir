
























































































































#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @regression_eliminate_equivalent_only(%arg0: index, %arg1: index, %arg2: memref<?x16xi8, strided<[?, ?], offset: ?>>) -> memref<?x16xi8, strided<[?, ?], offset: ?>> {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %alloc = memref.alloc(%arg0) {alignment = 64 : i64} : memref<?x8xi32>
    %subview = memref.subview %alloc[0, 0] [%arg1, 8] [1, 1] : memref<?x8xi32> to memref<?x8xi32, strided<[8, 1]>>
    scf.for %arg3 = %c0 to %c16 step %c8 {
      %subview_0 = memref.subview %alloc[0, 0] [%arg0, 8] [1, 1] : memref<?x8xi32> to memref<?x8xi32, strided<[8, 1]>>
      memref.copy %subview, %subview_0 : memref<?x8xi32, strided<[8, 1]>> to memref<?x8xi32, strided<[8, 1]>>
      %alloc_1 = memref.alloc(%arg0) {alignment = 64 : i64} : memref<?x8xi8>
      linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc : memref<?x8xi32>) outs(%alloc_1 : memref<?x8xi8>) {
      ^bb0(%in: i32, %out: i8):
        %0 = arith.trunci %in : i32 to i8
        linalg.yield %0 : i8
      }
      %subview_2 = memref.subview %arg2[%arg1, %arg3] [%arg0, 8] [1, 1] : memref<?x16xi8, strided<[?, ?], offset: ?>> to memref<?x8xi8, strided<[?, ?], offset: ?>>
      memref.copy %alloc_1, %subview_2 : memref<?x8xi8> to memref<?x8xi8, strided<[?, ?], offset: ?>>
    }
    return %arg2 : memref<?x16xi8, strided<[?, ?], offset: ?>>
  }
}















