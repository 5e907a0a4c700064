// BL301's fix on an allocation written in MLIR's generic form keeps the
// quotes of the op's name: `"memref.alloca"(...)` parses, a bare
// `memref.alloca(...)` would not.
func.func @promote_generic() {
  %0 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
  return
}
