#!/usr/bin/env python3
"""Inputs that once made BufferLens quadratic, timed beside upstream.

Each shape is generated at the sizes asked for, then `bufferlens lint` and
the upstream tool run on the same file in the same run; the ratio of the
two wall times (median of --runs) is printed per size, and per shape the
growth of our time per unit from the smallest to the largest size (1.0 is
linear).

Shapes (`--shapes`, default all):
  chain      one function: an allocation passed through N blocks as a
             block argument, read at the end (bufferized, not yet freed:
             the pass places the dealloc); upstream:
             `mlir-opt --ownership-based-buffer-deallocation`
  oneline    N leaking allocations on ONE line (N findings there); upstream:
             `mlir-opt FILE -o /dev/null` (parse and print). Also timed:
             the same module with one allocation per line (`perline`),
             which is what `oneline` is held to (ratio oneline/perline).
  rank       an allocation of a rank-N memref type (memref<1x1x...xf32>),
             freed; upstream: `mlir-opt FILE -o /dev/null`
  nestedfor  N nested `scf.for` carrying a memref in `iter_args`, read
             after the loops (bufferized, not yet freed); upstream:
             `mlir-opt FILE -o /dev/null`

usage: blowups.py --bufferlens PATH [--mlir-opt PATH] [--shapes a,b]
                  [--sizes chain=2000,20000 ...] [--runs 3]
                  [--format text|json] [--keep DIR]
       blowups.py gen SHAPE N OUT.mlir   (one input; the lit tests use
                                          small sizes of each shape)"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

DEFAULT_SIZES = {
    "chain": [2000, 4000, 20000],
    "oneline": [5000, 10000, 50000],
    "rank": [10000, 100000],
    "nestedfor": [500, 1000, 2000],
}


def chain(n):
    out = ["func.func @chain(%n: index) -> f32 {",
           "  %m = memref.alloc(%n) : memref<?xf32>",
           "  cf.br ^bb1(%m : memref<?xf32>)"]
    for i in range(1, n + 1):
        nxt = (f"  cf.br ^bb{i + 1}(%b{i} : memref<?xf32>)" if i < n else
               f"  %v = memref.load %b{i}[%n] : memref<?xf32>\n"
               "  return %v : f32")
        out.append(f"^bb{i}(%b{i}: memref<?xf32>):\n{nxt}")
    out.append("}")
    return "\n".join(out) + "\n"


def allocations(n, sep):
    body = sep.join(f"%a{i} = memref.alloc() : memref<8xf32>"
                    for i in range(n))
    return ("func.func @leaks() {" + sep + body + sep + "return" + sep +
            "}\n")


def oneline(n):
    return allocations(n, " ")


def perline(n):
    return allocations(n, "\n  ")


def rank(n):
    shape = "x".join(["1"] * n)
    return ("func.func @rank() {\n"
            f"  %m = memref.alloc() : memref<{shape}xf32>\n"
            f"  memref.dealloc %m : memref<{shape}xf32>\n"
            "  return\n}\n")


def nestedfor(n):
    t = "memref<8xf32>"
    out = ["func.func @nested(%lb: index, %ub: index, %s: index) -> f32 {",
           f"  %m0 = memref.alloc() : {t}"]
    for i in range(n):
        init = f"%c{i - 1}" if i else "%m0"
        out.append(f"  %m{i + 1} = scf.for %i{i} = %lb to %ub step %s "
                   f"iter_args(%c{i} = {init}) -> ({t}) {{")
    out.append(f"  scf.yield %c{n - 1} : {t}")
    for i in range(n - 1, 0, -1):
        out.append(f"  }}\n  scf.yield %m{i + 1} : {t}")
    out.append(f"  }}\n  %v = memref.load %m1[%lb] : {t}\n"
               "  return %v : f32\n}")
    return "\n".join(out) + "\n"


GENERATORS = {"chain": chain, "oneline": oneline, "perline": perline,
              "rank": rank, "nestedfor": nestedfor}


def timed(cmd, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE)
        times.append(time.perf_counter() - start)
        if proc.returncode not in (0, 1):
            sys.exit(f"{' '.join(cmd)} exited {proc.returncode}:\n"
                     f"{proc.stderr.decode(errors='replace')[-2000:]}")
    return statistics.median(times)


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "gen":
        _, _, shape, n, out = sys.argv
        with open(out, "w") as f:
            f.write(GENERATORS[shape](int(n)))
        return
    parser = argparse.ArgumentParser()
    parser.add_argument("--bufferlens", required=True)
    parser.add_argument("--mlir-opt", default=shutil.which("mlir-opt") or
                        "/usr/lib/llvm-22/bin/mlir-opt")
    parser.add_argument("--shapes", default=",".join(DEFAULT_SIZES))
    parser.add_argument("--sizes", nargs="*", default=[],
                        help="SHAPE=N,N,... (overrides the default sizes)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--format", default="text")
    parser.add_argument("--keep", help="write the inputs here")
    args = parser.parse_args()

    sizes = dict(DEFAULT_SIZES)
    for item in args.sizes:
        shape, values = item.split("=")
        sizes[shape] = [int(v) for v in values.split(",")]
    workdir = args.keep or tempfile.mkdtemp(prefix="blowups-")
    os.makedirs(workdir, exist_ok=True)

    print("| shape | N | bufferlens | upstream | ratio | upstream command |")
    print("|---|---|---|---|---|---|")
    for shape in args.shapes.split(","):
        per_unit = []
        for n in sizes[shape]:
            path = os.path.join(workdir, f"{shape}-{n}.mlir")
            with open(path, "w") as f:
                f.write(GENERATORS[shape](n))
            ours = timed([args.bufferlens, "lint", "--jobs", "1",
                          "--format", args.format, path], args.runs)
            if shape == "chain":
                upstream_cmd = [args.mlir_opt,
                                "--ownership-based-buffer-deallocation",
                                path, "-o", "/dev/null"]
                label = "--ownership-based-buffer-deallocation"
            else:
                upstream_cmd = [args.mlir_opt, path, "-o", "/dev/null"]
                label = "parse"
            theirs = timed(upstream_cmd, args.runs)
            print(f"| {shape} | {n} | {ours:.3f} s | {theirs:.3f} s | "
                  f"{ours / theirs:.2f}× | {label} |", flush=True)
            if shape == "oneline":
                same = os.path.join(workdir, f"perline-{n}.mlir")
                with open(same, "w") as f:
                    f.write(perline(n))
                flat = timed([args.bufferlens, "lint", "--jobs", "1",
                              "--format", args.format, same], args.runs)
                print(f"| perline | {n} | {flat:.3f} s | | "
                      f"oneline/perline {ours / flat:.2f}× | |", flush=True)
            per_unit.append((n, ours / n))
        if len(per_unit) > 1:
            (n0, u0), (n1, u1) = per_unit[0], per_unit[-1]
            print(f"| {shape} | growth {n0}→{n1} | "
                  f"{u1 / u0:.2f}× per unit | | | |", flush=True)
    if not args.keep:
        shutil.rmtree(workdir)


if __name__ == "__main__":
    main()
