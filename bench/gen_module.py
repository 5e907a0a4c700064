#!/usr/bin/env python3
"""Writes a module of about N lines: functions in the shape One-Shot
Bufferize leaves (an allocation that joins an argument at a block argument,
as in the condBranch of mlir/docs/BufferDeallocationInternals.md), plus every tenth function already freeing its
buffer (so the checker runs too).

usage: gen_module.py LINES OUT.mlir"""

import sys

BUFFERIZED = """func.func @f{i}(%arg0: i1, %arg1: memref<8xf32>) -> f32 {{
  %c0 = arith.constant 0 : index
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg1 : memref<8xf32>)
^bb2:
  %0 = memref.alloc() : memref<8xf32>
  memref.copy %arg1, %0 : memref<8xf32> to memref<8xf32>
  cf.br ^bb3(%0 : memref<8xf32>)
^bb3(%1: memref<8xf32>):
  %v = memref.load %1[%c0] : memref<8xf32>
  return %v : f32
}}
"""

DEALLOCATED = """func.func @f{i}(%arg0: i1, %arg1: memref<8xf32>) -> f32 {{
  %c0 = arith.constant 0 : index
  %0 = memref.alloc() : memref<8xf32>
  memref.copy %arg1, %0 : memref<8xf32> to memref<8xf32>
  %v = memref.load %0[%c0] : memref<8xf32>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  memref.dealloc %0 : memref<8xf32>
  cf.br ^bb2
^bb2:
  return %v : f32
}}
"""


def main():
    lines, out = int(sys.argv[1]), sys.argv[2]
    parts, count, i = [], 0, 0
    while count < lines:
        text = (DEALLOCATED if i % 10 == 9 else BUFFERIZED).format(i=i)
        parts.append(text)
        count += text.count("\n")
        i += 1
    with open(out, "w") as f:
        f.write("".join(parts))


if __name__ == "__main__":
    main()
