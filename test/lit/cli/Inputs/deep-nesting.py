#!/usr/bin/env python3
"""Writes deeply nested MLIR to stdout, for the tests of deep nesting
(generated at test time: the files would be megabytes).

  deep-nesting.py scf-if N      a function with N nested scf.if regions and
                                a leaked allocation in the innermost
  deep-nesting.py attribute N   a function whose attribute nests N arrays
"""
import sys


def scf_if(depth):
    # Not indented: the text stays linear in the depth.
    out = ["func.func @deep(%c: i1) {"]
    out += ["scf.if %c {"] * depth
    out.append("%m = memref.alloc() : memref<2xf32>")
    out += ["}"] * depth
    out += ["return", "}", ""]
    return "\n".join(out)


def attribute(depth):
    return ("func.func @deep() attributes {nest = " + "[" * depth +
            "]" * depth + "} {\n  return\n}\n")


kind, depth = sys.argv[1], int(sys.argv[2])
sys.stdout.write({"scf-if": scf_if, "attribute": attribute}[kind](depth))
