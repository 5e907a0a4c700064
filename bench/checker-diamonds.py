#!/usr/bin/env python3
"""Time and peak memory of the deallocation checker on N sequential
cf.cond_br diamonds, each on its own condition (2^N paths),
beside `mlir-opt` parsing and verifying the same file, as a ratio.

usage: bench/checker-diamonds.py [--bufferlens B] [--mlir-opt M] N [N...]
prints one table row per N: diamonds, file size, bufferlens lint seconds
and peak RSS (MB), mlir-opt seconds, the time ratio, and whether the
checker said it merged paths. Needs /usr/bin/time (GNU time)."""

import os
import subprocess
import sys
import tempfile


def diamonds(n):
    """n diamonds, each branching on its own loaded flag and freeing its
    buffer on both sides (a correct program): 2^n paths, none wrong."""
    lines = ["func.func @diamonds(%flags: memref<?xi1>) {"]
    for i in range(n):
        lines.append(f"  %i{i} = arith.constant {i} : index")
        lines.append(f"  %c{i} = memref.load %flags[%i{i}] : memref<?xi1>")
        lines.append(f"  %a{i} = memref.alloc() : memref<4xf32>")
        lines.append(f"  cf.cond_br %c{i}, ^t{i}, ^f{i}")
        lines.append(f"^t{i}:")
        lines.append(f"  memref.dealloc %a{i} : memref<4xf32>")
        lines.append(f"  cf.br ^j{i}")
        lines.append(f"^f{i}:")
        lines.append(f"  memref.dealloc %a{i} : memref<4xf32>")
        lines.append(f"  cf.br ^j{i}")
        lines.append(f"^j{i}:")
    lines.append("  return")
    lines.append("}")
    return "\n".join(lines) + "\n"


def measure(cmd):
    with tempfile.NamedTemporaryFile(mode="r", suffix=".time") as t:
        p = subprocess.run(["/usr/bin/time", "-f", "%e %M", "-o", t.name] + cmd,
                           capture_output=True, text=True)
        secs, kb = t.read().split()[-2:]
    return float(secs), int(kb) / 1024, p.stdout + p.stderr


def main():
    args = sys.argv[1:]
    bl, opt = "build/bin/bufferlens", "mlir-opt"
    if "--bufferlens" in args:
        i = args.index("--bufferlens")
        bl = args[i + 1]
        del args[i:i + 2]
    if "--mlir-opt" in args:
        i = args.index("--mlir-opt")
        opt = args[i + 1]
        del args[i:i + 2]
    if not args:
        sys.exit(__doc__)
    print("| diamonds | bytes | bufferlens s | bufferlens MB | mlir-opt s | ratio | merged |")
    print("|---:|---:|---:|---:|---:|---:|---|")
    tmp = tempfile.mkdtemp(prefix="bl-diamonds-")
    for n in map(int, args):
        path = os.path.join(tmp, f"diamonds-{n}.mlir")
        with open(path, "w") as f:
            f.write(diamonds(n))
        secs, mb, out = measure([bl, "lint", "--stage", "deallocated", path])
        osecs, _, _ = measure([opt, path, "-o", os.devnull])
        merged = "yes" if "precision reduced" in out else "no"
        ratio = secs / osecs if osecs > 0 else float("inf")
        print(f"| {n} | {os.path.getsize(path)} | {secs:.2f} | {mb:.0f} | "
              f"{osecs:.2f} | {ratio:.1f} | {merged} |", flush=True)


if __name__ == "__main__":
    main()
