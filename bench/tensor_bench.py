#!/usr/bin/env python3
"""The tensor-level view against upstream One-Shot Bufferize, same input,
same run: CPU time (user + system of the child, which does not move with
what the other core is doing) of

- `bufferlens lint --jobs 1 --enable BL502` (the whole analysis: both
  One-Shot Bufferize runs on copies, the deallocation after them, the
  findings and their printing);
- `mlir-opt --one-shot-bufferize="bufferize-function-boundaries
  test-analysis-only print-conflicts"` + `mlir-opt
  --one-shot-bufferize=bufferize-function-boundaries
  --ownership-based-buffer-deallocation`: what a user runs by hand to get
  the same answers (the markers, then the allocations, copies and frees);
  the second run alone is printed too (`pipeline`), the run the tensor
  view's target for `lint` names;

on modules of LINES lines made of the tensor programs of the corpus and
the lit inputs (test/corpus/programs, test/lit/tensor/Inputs): each file's
functions copied with their symbols renamed, file after file, until the
size is reached, so every shape appears in its corpus proportion. The
functions One-Shot Bufferize fails on are part of the mixture (upstream
then stops at the first, so the upstream side runs on the module without
them: the ratio is against upstream's work on the functions it accepts).
The last two columns are `lint` on that module without them, against
the pipeline on the same module.

usage: tensor_bench.py [--sizes 1000,10000,100000] [--repeat 3]
       tensor_bench.py --write DIR [--sizes 10000]  (the modules only:
       DIR/tensorLINES.mlir and DIR/tensorLINES.mlir.accepted, no timing)
"""
import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = ["test/corpus/programs/linalg_ops.mlir",
           "test/corpus/programs/control_flow.mlir",
           "test/corpus/programs/calls.mlir",
           "test/lit/tensor/Inputs/layer_norm.mlir",
           "test/lit/tensor/Inputs/matmul_forall.mlir",
           "test/lit/tensor/Inputs/pad_insert.mlir",
           "test/lit/tensor/Inputs/copy_in_loop.mlir",
           "test/lit/tensor/Inputs/raw_conflict.mlir",
           "test/lit/tensor/Inputs/releases.mlir",
           "test/lit/tensor/Inputs/not_equivalent_yield.mlir",
           "test/lit/tensor/Inputs/accumulate.mlir"]
SYMBOL = re.compile(r'func\.func\s+(?:private\s+)?@([\w$.]+)')
ALIAS = re.compile(r'^#(\w+)\s*=', re.M)


def templates():
    """Each source as (text without comments, its symbols, its aliases)."""
    out = []
    for rel in SOURCES:
        with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
            text = "\n".join(line for line in f.read().splitlines()
                             if not line.lstrip().startswith("//"))
        out.append((text, SYMBOL.findall(text), ALIAS.findall(text)))
    return out


def instance(template, k):
    text, symbols, aliases = template
    for name in sorted(symbols, key=len, reverse=True):
        text = re.sub(r'@' + re.escape(name) + r'\b', f'@{name}_{k}', text)
    for name in sorted(aliases, key=len, reverse=True):
        text = re.sub(r'#' + re.escape(name) + r'\b', f'#{name}_{k}', text)
    return text + "\n"


def write_modules(lines, path, accepted_templates):
    """The module of about `lines` lines at `path`, and at path.accepted the
    same instances made of the templates without the functions upstream
    fails on."""
    parts, accepted, count, k = [], [], 0, 0
    shapes = templates()
    while count < lines:
        i = k % len(shapes)
        text = instance(shapes[i], k)
        parts.append(text)
        accepted.append(instance(accepted_templates[i], k))
        count += text.count("\n")
        k += 1
    with open(path, "w", encoding="utf-8") as f:
        f.write("".join(parts))
    with open(path + ".accepted", "w", encoding="utf-8") as f:
        f.write("".join(accepted))
    return count


def cpu_seconds(cmd, ok_codes):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in ok_codes:
        sys.exit(f"{cmd[0]} failed ({proc.returncode}): "
                 f"{proc.stderr.decode()[:500]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime -
                                                  before.ru_stime)


def accepted_only(mlir_opt, template, work):
    """`template` without the functions upstream fails on (it stops at the
    first), found by asking it until it accepts."""
    text, symbols, aliases = template
    out = os.path.join(work, "template.mlir")
    for _ in range(100):
        with open(out, "w", encoding="utf-8") as f:
            f.write(text)
        proc = subprocess.run(
            [mlir_opt, out, "-o", "/dev/null",
             "--one-shot-bufferize=bufferize-function-boundaries"],
            capture_output=True, text=True)
        if proc.returncode == 0:
            return (text, symbols, aliases)
        m = re.search(r':(\d+):\d+: error:', proc.stderr)
        if not m:
            sys.exit(proc.stderr[:500])
        lines = text.split("\n")
        line = int(m.group(1)) - 1
        start = max(i for i in range(line + 1)
                    if lines[i].startswith("func.func"))
        end = next(i for i in range(line, len(lines)) if lines[i] == "}")
        text = "\n".join(lines[:start] + lines[end + 1:])
    sys.exit("upstream kept failing")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bufferlens",
                        default=os.path.join(ROOT, "build/bin/bufferlens"))
    parser.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--write", metavar="DIR",
                        help="write the modules of --sizes into DIR and "
                             "exit, to compare outputs before and after a "
                             "change on the same input")
    args = parser.parse_args()
    if args.write:
        os.makedirs(args.write, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            accepted_templates = [accepted_only(args.mlir_opt, t, tmp)
                                  for t in templates()]
        for size in (int(s) for s in args.sizes.split(",")):
            path = os.path.join(args.write, f"tensor{size}.mlir")
            lines = write_modules(size, path, accepted_templates)
            print(f"{path}: {lines} lines", flush=True)
        return
    print(f"{'lines':>7} {'functions':>9} {'bufferlens cpu s':>16} "
          f"{'upstream cpu s':>14} {'ratio':>6} {'us/line':>8} "
          f"{'pipeline cpu s':>14} {'ratio':>6} "
          f"{'bufferlens accepted cpu s':>25} {'ratio':>6}", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        accepted_templates = [accepted_only(args.mlir_opt, t, tmp)
                              for t in templates()]
        for size in (int(s) for s in args.sizes.split(",")):
            path = os.path.join(tmp, f"tensor{size}.mlir")
            lines = write_modules(size, path, accepted_templates)
            with open(path, encoding="utf-8") as f:
                functions = len(SYMBOL.findall(f.read()))
            accepted = path + ".accepted"
            ours, theirs, pipeline, same = [], [], [], []
            for _ in range(args.repeat):
                ours.append(cpu_seconds(
                    [args.bufferlens, "lint", "--jobs", "1", "--enable",
                     "BL502", path], (0, 1)))
                # The module upstream accepts, as the pipeline gets it.
                same.append(cpu_seconds(
                    [args.bufferlens, "lint", "--jobs", "1", "--enable",
                     "BL502", accepted], (0, 1)))
                # The bufferization and deallocation alone (the tensor
                # view's `lint` target is against this run), then with the
                # analysis-only run for the markers.
                pipeline.append(cpu_seconds(
                    [args.mlir_opt, accepted, "-o", "/dev/null",
                     "--one-shot-bufferize=bufferize-function-boundaries",
                     "--ownership-based-buffer-deallocation"], (0,)))
                theirs.append(cpu_seconds(
                    [args.mlir_opt, accepted, "-o", "/dev/null",
                     "--one-shot-bufferize=bufferize-function-boundaries "
                     "test-analysis-only print-conflicts"], (0,)) +
                    pipeline[-1])
            a, b = statistics.median(ours), statistics.median(theirs)
            c = statistics.median(pipeline)
            d = statistics.median(same)
            print(f"{lines:>7} {functions:>9} {a:>16.3f} {b:>14.3f} "
                  f"{a / b:>6.2f} {a / lines * 1e6:>8.1f} {c:>14.3f} "
                  f"{a / c:>6.2f} {d:>25.3f} {d / c:>6.2f}", flush=True)


if __name__ == "__main__":
    main()
