// BufferDeallocationInternals.md "Conversion from AllocOp to AllocaOp": only small (at most the
// 1 KiB default limit), statically shaped buffers that never leave their
// block become allocas (BL301, with a fix); explain says why the others
// stay on the heap. A higher `promoteToStackLimit` admits %big. scf.for is
// an automatic allocation scope, so %tmp can live on its stack too; it
// can also leave the loop (BL302).
// RUN: bufferlens lint --verify %s
// RUN: bufferlens explain %s:18:3 | FileCheck %s --check-prefix=BIG
// RUN: bufferlens explain %s:19:3 | FileCheck %s --check-prefix=DYN
// RUN: bufferlens explain %s:20:3 | FileCheck %s --check-prefix=LEAVES
// RUN: bufferlens explain %s:34:5 | FileCheck %s --check-prefix=LOOP
// RUN: echo '{"promoteToStackLimit": 2048}' > %t.json
// RUN: bufferlens lint --config %t.json --format text %s | FileCheck %s --check-prefix=LIMIT
func.func @promote(%n: index, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %small = memref.alloc() : memref<4xf32>
  // expected-remark@-1 {{%small can be promoted to the stack: 16 bytes (limit 1024), static shape, and it never leaves its block [BL301]}}
  %big = memref.alloc() : memref<512xf32>
  %dyn = memref.alloc(%n) : memref<?xf32>
  %leaves = memref.alloc() : memref<2xf32>
  %u0 = memref.load %small[%c0] : memref<4xf32>
  %u1 = memref.load %big[%c0] : memref<512xf32>
  %u2 = memref.load %dyn[%c0] : memref<?xf32>
  memref.store %u0, %out[] : memref<f32>
  cf.br ^bb1(%leaves : memref<2xf32>)
^bb1(%x: memref<2xf32>):
  %u3 = memref.load %x[%c0] : memref<2xf32>
  return
}

func.func @in_loop(%lb: index, %ub: index, %s: index) {
  %c0 = arith.constant 0 : index
  scf.for %i = %lb to %ub step %s {
    %tmp = memref.alloc() : memref<2xf32>
    // expected-remark@-1 {{%tmp can be hoisted out of scf.for into the entry block: it dominates all of its aliases' uses from there [BL302]}}
    // expected-remark@-2 {{%tmp can be promoted to the stack: 8 bytes (limit 1024), static shape, and it never leaves its block [BL301]}}
    %u = memref.load %tmp[%c0] : memref<2xf32>
  }
  return
}

// BIG: - stack: stays on the heap: it is 2048 bytes, above the 1024-byte limit
// DYN: - stack: stays on the heap: its size is dynamic
// LEAVES: - stack: stays on the heap: it leaves its block through `cf.br`
// LOOP: - hoisting: can move out of its loop to the entry block
// LOOP: - stack: can become a `memref.alloca`

// LIMIT: :16:12: hint: %small can be promoted to the stack: 16 bytes (limit 2048), static shape, and it never leaves its block [BL301]
// LIMIT: :18:10: hint: %big can be promoted to the stack: 2048 bytes (limit 2048), static shape, and it never leaves its block [BL301]
