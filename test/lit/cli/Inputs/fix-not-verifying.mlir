// BL301's fix renames the op at its name's range; on the generic form that
// range is the quoted name, and an unquoted `memref.alloca` there does not
// parse. (When BL301 quotes the name here, find another fix that breaks.)
func.func @promote_generic() {
  %0 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
  return
}
