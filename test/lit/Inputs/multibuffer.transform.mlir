// Upstream's multi-buffering (transform.memref.multibuffer, which calls
// memref::multiBuffer) on every memref.alloc, with the upstream document's factor 5.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.structured.match ops{["memref.alloc"]} in %root
        : (!transform.any_op) -> !transform.op<"memref.alloc">
    %multi = transform.memref.multibuffer %allocs {factor = 5 : i64}
        : (!transform.op<"memref.alloc">) -> !transform.any_op
    transform.yield
  }
}
