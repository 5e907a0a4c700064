func.func @wrong_operand(%n: index) {
  %0 = "acme.alloc"() : () -> memref<8xf32>
  "acme.free"(%n) : (index) -> ()
  return
}

func.func @missing_operand() {
  %0 = "acme.alloc"() : () -> memref<8xf32>
  "acme.kernel"(%0) : (memref<8xf32>) -> ()
  "acme.free"(%0) : (memref<8xf32>) -> ()
  return
}
