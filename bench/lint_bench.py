#!/usr/bin/env python3
"""`bufferlens lint` against upstream `mlir-opt` on the same generated
modules (bench/shapes.py: the corpus's mixture of shapes, or each shape
alone), in the same run. Prints the median wall time of each over REPEAT
runs and their ratio (the product's target: lint <= 0.6x the ownership
pass), plus time per line.

The upstream side is what `mlir-opt` does with each function of the
module: `--ownership-based-buffer-deallocation` on the bufferized ones,
and a parse and verification of the deallocated ones (the pass rejects
functions that already free memory, so they are not its input): two
`mlir-opt` runs whose times are added. The whole
`--buffer-deallocation-pipeline` on the bufferized functions (what BL203
runs) is a second reference.

usage: lint_bench.py [--bufferlens PATH] [--mlir-opt PATH] [--repeat N]
                     [--sizes 1000,10000,100000] [--shapes mix,loop,...]
                     [--jobs N] [--format text|json] [--disable CODES]

--disable is passed to `bufferlens lint` (e.g. BL203: what the analysis
costs without the one finding that runs upstream's pipeline)."""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import shapes  # noqa: E402


def write_module(lines, shape, path):
    """Writes the module to `path`, and beside it `path`.bufferized and
    `path`.deallocated (its functions of each stage alone); its lines."""
    text, count, alone = shapes.module_by_shape(lines, shape)
    deallocated = alone.pop("deallocated", "")
    with open(path, "w") as f:
        f.write(text)
    with open(path + ".bufferized", "w") as f:
        f.write("".join(alone.values()))
    with open(path + ".deallocated", "w") as f:
        f.write(deallocated)
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
    parser.add_argument("--shapes", default="mix",
                        help="comma-separated: mix, condbranch, or shapes "
                             "of bench/shapes.py (%s)" %
                             ", ".join(shapes.SHAPES))
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--format", default="text", choices=["text", "json"])
    parser.add_argument("--disable", default=None,
                        help="finding codes `bufferlens lint` leaves out")
    args = parser.parse_args()
    disable = ["--disable", args.disable] if args.disable else []

    print(f"{'shape':<14} {'lines':>7} {'bufferlens s':>13} "
          f"{'upstream s':>11} {'ratio':>6} {'pipeline s':>11} {'ratio':>6} "
          f"{'us/line':>8}", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        for shape in args.shapes.split(","):
            for size in (int(s) for s in args.sizes.split(",")):
                path = os.path.join(tmp, f"{shape}{size}.mlir")
                lines = write_module(size, shape, path)
                commands = [
                    ([args.bufferlens, "lint", "--jobs", str(args.jobs),
                      "--format", args.format, *disable, path], (0, 1)),
                    ([args.mlir_opt, "--ownership-based-buffer-deallocation",
                      "-o", "/dev/null", path + ".bufferized"], (0,)),
                    ([args.mlir_opt, "-o", "/dev/null",
                      path + ".deallocated"], (0,)),
                    ([args.mlir_opt, "--buffer-deallocation-pipeline",
                      "-o", "/dev/null", path + ".bufferized"], (0,))]
                ours, owner, parse, pipeline = interleaved_medians(
                    commands, args.repeat)
                theirs = owner + parse
                print(f"{shape:<14} {lines:>7} {ours:>13.3f} {theirs:>11.3f} "
                      f"{ours / theirs:>6.2f} {pipeline + parse:>11.3f} "
                      f"{ours / (pipeline + parse):>6.2f} "
                      f"{ours / lines * 1e6:>8.1f}", flush=True)


if __name__ == "__main__":
    main()
