#!/usr/bin/env python3
"""`bufferlens lint` against `mlir-opt --ownership-based-buffer-deallocation
-o /dev/null` on the same generated modules (about 1k, 10k and 100k lines of
functions in the shape One-Shot Bufferize leaves), in the same run. Prints
the median wall time of each over REPEAT runs and their ratio (the
product's target: lint <= 0.6x mlir-opt), the same against the whole
`--buffer-deallocation-pipeline` (what BL203 runs), plus time per line.

usage: lint_bench.py [--bufferlens PATH] [--mlir-opt PATH] [--repeat N]
                     [--sizes 1000,10000,100000] [--jobs N]"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
from gen_module import BUFFERIZED  # noqa: E402


def write_module(lines, path):
    parts, count, i = [], 0, 0
    while count < lines:
        text = BUFFERIZED.format(i=i)
        parts.append(text)
        count += text.count("\n")
        i += 1
    with open(path, "w") as f:
        f.write("".join(parts))
    return count


def seconds(cmd, ok_codes):
    start = time.perf_counter()
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if proc.returncode not in ok_codes:
        sys.exit(f"{cmd[0]} failed ({proc.returncode}): "
                 f"{proc.stderr.decode()[:500]}")
    return elapsed


def interleaved_medians(commands, repeat):
    """Median seconds of each (cmd, ok_codes), the commands taking turns in
    every round: a machine that slows down for a while slows all of them
    alike instead of skewing the ratio of whichever ran then."""
    times = [[] for _ in commands]
    for _ in range(repeat):
        for i, (cmd, ok_codes) in enumerate(commands):
            times[i].append(seconds(cmd, ok_codes))
    return [statistics.median(t) for t in times]


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser()
    parser.add_argument("--bufferlens",
                        default=os.path.join(root, "build/bin/bufferlens"))
    parser.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    args = parser.parse_args()

    # The whole buffer-deallocation-pipeline is what BL203 has to run (on
    # the functions whose deallocs could compare pointers): a floor for any
    # lint that reports it from the real pipeline output.
    print(f"{'lines':>7} {'bufferlens s':>13} {'mlir-opt s':>11} "
          f"{'ratio':>6} {'pipeline s':>11} {'ratio':>6} {'us/line':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for size in (int(s) for s in args.sizes.split(",")):
            path = os.path.join(tmp, f"m{size}.mlir")
            lines = write_module(size, path)
            ours, theirs, pipeline = interleaved_medians([
                ([args.bufferlens, "lint", "--jobs", str(args.jobs), path],
                 (0, 1)),
                ([args.mlir_opt, "--ownership-based-buffer-deallocation",
                  "-o", "/dev/null", path], (0,)),
                ([args.mlir_opt, "--buffer-deallocation-pipeline",
                  "-o", "/dev/null", path], (0,))], args.repeat)
            print(f"{lines:>7} {ours:>13.3f} {theirs:>11.3f} "
                  f"{ours / theirs:>6.2f} {pipeline:>11.3f} "
                  f"{ours / pipeline:>6.2f} {ours / lines * 1e6:>8.1f}")


if __name__ == "__main__":
    main()
