// Where the buffers One-Shot Bufferize allocates are freed once upstream's
// ownership-based deallocation has run after it.

// Freed at the end of the function: a scratch accumulator that is not
// returned.
func.func @scratch(%x: tensor<16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %s = linalg.add ins(%x, %acc : tensor<16xf32>, tensor<16xf32>) outs(%acc : tensor<16xf32>) -> tensor<16xf32>
  %r = tensor.extract %s[%c0] : tensor<16xf32>
  return %r : f32
}

// Returned: the caller owns it.
func.func @fresh(%v: f32) -> tensor<8x8xf32> {
  %e = tensor.empty() : tensor<8x8xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %f : tensor<8x8xf32>
}

// One branch allocates, the other passes the argument on: the buffer after
// the scf.if is owned only when the first branch ran, and the free at the
// end is decided at run time.
func.func @maybe_fresh(%c: i1, %t: tensor<8xf32>, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> tensor<8xf32> {
    %e = tensor.empty() : tensor<8xf32>
    %f = linalg.fill ins(%v : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    scf.yield %f : tensor<8xf32>
  } else {
    scf.yield %t : tensor<8xf32>
  }
  %x = tensor.extract %r[%c0] : tensor<8xf32>
  return %x : f32
}

// Returned whichever branch ran: when the else branch passed the argument
// on, the function does not own what it returns, and deallocation clones
// it at the return (decided at run time).
func.func @maybe_returned(%c: i1, %t: tensor<8xf32>, %v: f32) -> tensor<8xf32> {
  %r = scf.if %c -> tensor<8xf32> {
    %e = tensor.empty() : tensor<8xf32>
    %f = linalg.fill ins(%v : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    scf.yield %f : tensor<8xf32>
  } else {
    scf.yield %t : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

// Returned through a loop that writes it in place: the dealloc at the
// return lists the allocation (condition `true`) and retains what is
// returned, so it frees the allocation only if that is not the returned
// buffer, which it is.
func.func @returned_through_loop(%v: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %e = tensor.empty() : tensor<4xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %e) -> tensor<4xf32> {
    %w = tensor.insert %v into %acc[%i] : tensor<4xf32>
    scf.yield %w : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// A loop carries the allocation, and neither is returned: the dealloc at
// the return lists the allocation (condition true) and the loop's result
// (its ownership indicator), two names of one buffer, which it frees once.
func.func @freed_through_loop(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %e = tensor.empty() : tensor<4xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %e) -> tensor<4xf32> {
    %w = tensor.insert %v into %acc[%i] : tensor<4xf32>
    scf.yield %w : tensor<4xf32>
  }
  %x = tensor.extract %r[%c0] : tensor<4xf32>
  return %x : f32
}
