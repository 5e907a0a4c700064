#!/usr/bin/env python3
"""A tensor function large enough to take One-Shot Bufferize a while.

usage: large_tensor_function.py N

Prints @large: N tensor.insert ops in a chain, each followed by a read of
the tensor it wrote into (a read-after-write conflict each: N copies), and
after it @small, one tensor.empty filled and returned (one allocation).
"""
import sys


def main():
    n = int(sys.argv[1])
    print("func.func @large(%t0: tensor<64xf32>, %v: f32) -> (tensor<64xf32>, f32) {")
    print("  %c0 = arith.constant 0 : index")
    print("  %s0 = arith.constant 0.0 : f32")
    for i in range(n):
        print("  %%t%d = tensor.insert %%v into %%t%d[%%c0] : tensor<64xf32>" % (i + 1, i))
        print("  %%r%d = tensor.extract %%t%d[%%c0] : tensor<64xf32>" % (i + 1, i))
        print("  %%s%d = arith.addf %%s%d, %%r%d : f32" % (i + 1, i, i + 1))
    print("  return %%t%d, %%s%d : tensor<64xf32>, f32" % (n, n))
    print("}")
    print()
    print("func.func @small(%f: f32) -> tensor<8xf32> {")
    print("  %e = tensor.empty() : tensor<8xf32>")
    print("  %r = linalg.fill ins(%f : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>")
    print("  return %r : tensor<8xf32>")
    print("}")


if __name__ == "__main__":
    main()
