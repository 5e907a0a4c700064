// BL401 reports a read only when it can see the buffer on a path where no
// write happened, and names that path. The first three functions are the
// shapes upstream's own tests and One-Shot Bufferize produce, where every
// read sees the buffer only after its write (no warning); the last one reads
// the buffer unwritten on the path through ^bb1.
// RUN: bufferlens lint --verify --disable BL201 --disable BL202 --disable BL203 --disable BL301 --disable BL302 %s

// The `condBranch` of mlir/docs/BufferDeallocationInternals.md and of
// mlir/test/Dialect/Bufferization/Transforms/buffer-deallocation.mlir:
// %0 reaches ^bb3 only through ^bb2, which writes it.
func.func @condBranch(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>) {
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg1 : memref<2xf32>)
^bb2:
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %arg1, %0 : memref<2xf32> to memref<2xf32>
  cf.br ^bb3(%0 : memref<2xf32>)
^bb3(%1: memref<2xf32>):
  memref.copy %1, %arg2 : memref<2xf32> to memref<2xf32>
  return
}

// One-Shot Bufferize's output for `scf.if` yielding an updated tensor in
// one branch and the argument in the other: the else branch does not
// yield %alloc, so the read of %0 sees %alloc only after the copy.
func.func @if_write_then_yield(%c: i1, %a: memref<16xf32>, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %alloc = memref.alloc() : memref<16xf32>
  %0 = scf.if %c -> (memref<16xf32>) {
    memref.copy %a, %alloc : memref<16xf32> to memref<16xf32>
    memref.store %v, %alloc[%c0] : memref<16xf32>
    scf.yield %alloc : memref<16xf32>
  } else {
    scf.yield %a : memref<16xf32>
  }
  %r = memref.load %0[%c0] : memref<16xf32>
  return %r : f32
}

// One-Shot Bufferize's output for `scf.if` computing a new tensor in each
// branch into one buffer: every path writes it before the read.
func.func @if_write_in_each_branch(%c: i1, %a: memref<8xf32>, %out: memref<8xf32>) {
  %alloc = memref.alloc() : memref<8xf32>
  %0 = scf.if %c -> (memref<8xf32>) {
    linalg.exp ins(%a : memref<8xf32>) outs(%alloc : memref<8xf32>)
    scf.yield %alloc : memref<8xf32>
  } else {
    linalg.negf ins(%a : memref<8xf32>) outs(%alloc : memref<8xf32>)
    scf.yield %alloc : memref<8xf32>
  }
  memref.copy %0, %out : memref<8xf32> to memref<8xf32>
  return
}

// A true one: on ^bb0 -> ^bb1 -> ^bb3 the copy reads %0 before any write.
func.func @unwritten_on_one_path(%arg0: i1, %v: f32, %out: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %0 = memref.alloc() : memref<2xf32>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3
^bb2:
  memref.store %v, %0[%c0] : memref<2xf32>
  // expected-warning@-1 {{the write to %0 (memref.store in ^bb2) does not dominate its read by memref.copy in ^bb3, which sees %0 unwritten on the entry block -> ^bb1 -> ^bb3: all writes of a buffer must dominate all of its reads [BL401]}}
  cf.br ^bb3
^bb3:
  memref.copy %0, %out : memref<2xf32> to memref<2xf32>
  // expected-note@-1 {{this read of %0 sees it unwritten on the entry block -> ^bb1 -> ^bb3}}
  return
}
