#!/usr/bin/env python3
"""Writes a module of about LINES lines made of the function shapes of
bench/shapes.py: by default a mixture in the proportions of the real-IR
corpus (test/corpus), or one shape alone (--shape NAME), or the single
`condBranch` shape of the earlier rounds (--shape condbranch).

usage: gen_module.py [--shape mix|condbranch|SHAPE] LINES OUT.mlir
       gen_module.py --proportions   (prints the corpus's counts per shape)"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import shapes  # noqa: E402


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--shape", default="mix",
                   choices=["mix", "condbranch", *shapes.SHAPES])
    p.add_argument("--proportions", action="store_true")
    p.add_argument("lines", nargs="?", type=int)
    p.add_argument("out", nargs="?")
    args = p.parse_args()
    if args.proportions:
        counts = shapes.corpus_proportions()
        total = sum(counts.values())
        for name, count in counts.items():
            print(f"{name:<14} {count:>4} {100 * count / total:5.1f}%")
        return
    if args.lines is None or args.out is None:
        p.error("LINES and OUT are required")
    text, _ = shapes.module(args.lines, args.shape)
    with open(args.out, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
