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

Shapes of the reliability round (upstream: `mlir-opt FILE -o /dev/null`,
its parse, and `mlir-opt --ownership-based-buffer-deallocation FILE -o
/dev/null`, the pass whose peak RSS our memory is held to; each row reports
wall time and peak RSS of all three, our CPU time (user + system: the
figure to compare on a shared machine), and ours runs under `--timeout`
seconds and `--memory` MiB of address space). The memory target is twice
the pass's peak RSS plus the findings' own size, measured as the bytes of
the `findings` array of `lint --format json` written compactly (no
indentation; one more run of ours): a row says its target and our peak
RSS as a fraction of it (at most 1.00 meets it).
  allocs     N allocations, one per line, read and left to the pass (one
             dealloc of N memrefs at the return)
  directives N allocations, each under a `// bufferlens:` directive line
  mixed      `allocs` returning a select of the argument and one of them:
             a runtime alias check stays (one BL203)
  ifs        N `scf.if` in sequence, each yielding a fresh allocation
  blockargs  one block with N memref arguments, each an allocation
  select     a chain of `arith.select` over N allocations
  nestedfreed N nested `scf.for` in a function that frees (the checker)
  chainfreed a chain of N blocks passing an allocation on, freed at the
             end (the checker)
  manyfindings N small functions, half freeing (one leak each), half left
             to the pass (two promotable buffers each): 50 MB and 375,000
             findings at N = 250,000

usage: blowups.py --bufferlens PATH [--mlir-opt PATH] [--shapes a,b]
                  [--sizes chain=2000,20000 ...] [--runs 3]
                  [--format text|json] [--keep DIR] [--rss]
                  [--timeout 120] [--memory 8000] [--bufferlens-args ...]
       (`--shapes reliability` is the seven shapes below and `oneline`
       at the sizes of the reliability round, all with `--rss`;
       `--shapes evidence` the one row per input of the reliability
       issue's evidence table, bench/README.md)
       blowups.py gen SHAPE N OUT.mlir   (one input; the lit tests use
                                          small sizes of each shape)"""

import argparse
import json
import os
import resource
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
    "allocs": [1000, 4000, 16000],
    "directives": [100000],
    "mixed": [16000],
    "ifs": [20000],
    "blockargs": [5000],
    "select": [66666],
    "nestedfreed": [300, 1200, 5000],
    "chainfreed": [20000],
    "manyfindings": [250000],
}
# The reliability issue's evidence table: one row per input it names
# (`--shapes evidence`); manyfindings at 280,000 functions is its 420,000
# findings (60 MB in this generator's spelling).
EVIDENCE = {"allocs": [16000], "oneline": [300000], "directives": [100000],
            "ifs": [20000], "blockargs": [5000], "select": [66666],
            "nestedfreed": [5000], "chainfreed": [20000],
            "manyfindings": [280000]}
RELIABILITY = {"allocs": [1000, 4000, 16000, 50000], "mixed": [16000],
               "oneline": [300000],
               "directives": [100000], "ifs": [20000], "blockargs": [5000],
               "select": [5000, 20000, 66666],
               "nestedfreed": [300, 1200, 5000],
               "chainfreed": [20000], "manyfindings": [50000, 250000]}


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


def allocs(n, directive=False):
    out = ["func.func @allocs(%i: index) -> f32 {",
           "  %z = arith.constant 0.0 : f32"]
    for k in range(n):
        if directive:
            out.append("  // bufferlens: ignore BL301")
        out.append(f"  %a{k} = memref.alloc() : memref<8xf32>")
        out.append(f"  memref.store %z, %a{k}[%i] : memref<8xf32>")
    out.append("  return %z : f32\n}")
    return "\n".join(out) + "\n" + ordinary()


def mixed(n):
    """`allocs` whose result may be the argument: the one dealloc of N
    memrefs the pass puts at the return keeps a runtime alias check (one
    BL203), which the proof must not clear."""
    out = ["func.func @mixed(%c: i1, %x: memref<8xf32>, %i: index) "
           "-> memref<8xf32> {", "  %z = arith.constant 0.0 : f32"]
    for k in range(n):
        out.append(f"  %a{k} = memref.alloc() : memref<8xf32>")
        out.append(f"  memref.store %z, %a{k}[%i] : memref<8xf32>")
    out.append("  %r = arith.select %c, %x, %a0 : memref<8xf32>\n"
               "  return %r : memref<8xf32>\n}")
    return "\n".join(out) + "\n" + ordinary()


def directives(n):
    return allocs(n, directive=True)


def ifs(n):
    t = "memref<8xf32>"
    out = ["func.func @ifs(%c: i1, %i: index) -> f32 {",
           "  %z = arith.constant 0.0 : f32"]
    for k in range(n):
        out.append(f"  %r{k} = scf.if %c -> ({t}) {{\n"
                   f"    %a{k} = memref.alloc() : {t}\n"
                   f"    scf.yield %a{k} : {t}\n"
                   f"  }} else {{\n"
                   f"    %b{k} = memref.alloc() : {t}\n"
                   f"    scf.yield %b{k} : {t}\n"
                   f"  }}\n"
                   f"  memref.store %z, %r{k}[%i] : {t}")
    out.append("  return %z : f32\n}")
    return "\n".join(out) + "\n" + ordinary()


def blockargs(n):
    t = "memref<8xf32>"
    out = ["func.func @blockargs(%i: index) -> f32 {",
           "  %z = arith.constant 0.0 : f32"]
    out += [f"  %a{k} = memref.alloc() : {t}" for k in range(n)]
    out.append("  cf.br ^bb1(" + ", ".join(f"%a{k}" for k in range(n)) +
               " : " + ", ".join([t] * n) + ")")
    out.append("^bb1(" + ", ".join(f"%b{k}: {t}" for k in range(n)) + "):")
    out += [f"  memref.store %z, %b{k}[%i] : {t}" for k in range(n)]
    out.append("  return %z : f32\n}")
    return "\n".join(out) + "\n" + ordinary()


def select(n):
    t = "memref<8xf32>"
    out = ["func.func @select(%c: i1, %i: index) -> f32 {",
           f"  %s0 = memref.alloc() : {t}"]
    for k in range(1, n):
        out.append(f"  %a{k} = memref.alloc() : {t}")
        out.append(f"  %s{k} = arith.select %c, %s{k - 1}, %a{k} : {t}")
    out.append(f"  %v = memref.load %s{n - 1}[%i] : {t}\n"
               "  return %v : f32\n}")
    return "\n".join(out) + "\n" + ordinary()


def nestedfreed(n):
    t = "memref<8xf32>"
    out = ["func.func @nestedfreed(%lb: index, %ub: index, %s: index) "
           "-> f32 {", f"  %m = memref.alloc() : {t}"]
    for k in range(n):
        out.append(f"  scf.for %i{k} = %lb to %ub step %s {{")
    out.append(f"  %x = memref.load %m[%i{n - 1}] : {t}")
    out.append(f"  memref.store %x, %m[%lb] : {t}")
    out += ["  }"] * n
    out.append(f"  %v = memref.load %m[%lb] : {t}\n"
               f"  memref.dealloc %m : {t}\n  return %v : f32\n}}")
    return "\n".join(out) + "\n" + ordinary()


def chainfreed(n):
    t = "memref<?xf32>"
    out = ["func.func @chainfreed(%n: index) -> f32 {",
           f"  %m = memref.alloc(%n) : {t}",
           f"  cf.br ^bb1(%m : {t})"]
    for i in range(1, n + 1):
        nxt = (f"  cf.br ^bb{i + 1}(%b{i} : {t})" if i < n else
               f"  %v = memref.load %b{i}[%n] : {t}\n"
               f"  memref.dealloc %b{i} : {t}\n"
               "  return %v : f32")
        out.append(f"^bb{i}(%b{i}: {t}):\n{nxt}")
    out.append("}")
    return "\n".join(out) + "\n" + ordinary()


def manyfindings(n):
    """N small functions of the shapes users have, alternating: one that
    frees one of its two buffers (the checker: one BL101) and one left to
    the pass with two buffers that never leave their block (two BL301).
    At N = 250,000 the file is about 50 MB with 375,000 findings: what
    `lint` holds and prints for one file."""
    t = "memref<8xf32>"
    out = []
    for k in range(n):
        if k % 2 == 0:
            out.append(f"func.func @freed{k}(%i: index) -> f32 {{\n"
                       f"  %a = memref.alloc() : {t}\n"
                       f"  %b = memref.alloc() : {t}\n"
                       f"  %v = memref.load %a[%i] : {t}\n"
                       f"  memref.dealloc %b : {t}\n"
                       "  return %v : f32\n}")
        else:
            out.append(f"func.func @kept{k}(%i: index, %z: f32) {{\n"
                       f"  %a = memref.alloc() : {t}\n"
                       f"  %b = memref.alloc() : {t}\n"
                       f"  memref.store %z, %a[%i] : {t}\n"
                       f"  memref.store %z, %b[%i] : {t}\n"
                       "  return\n}")
    return "\n".join(out) + "\n"


def ordinary():
    """A second, ordinary function after the pathological one: its one
    finding (a leak the checker reports) must survive whatever the budget
    does to the first."""
    return ("func.func @ordinary(%i: index) -> f32 {\n"
            "  %m = memref.alloc() : memref<8xf32>\n"
            "  %v = memref.load %m[%i] : memref<8xf32>\n"
            "  %u = memref.alloc() : memref<8xf32>\n"
            "  memref.dealloc %u : memref<8xf32>\n"
            "  return %v : f32\n}\n")


GENERATORS = {"chain": chain, "oneline": oneline, "perline": perline,
              "rank": rank, "nestedfor": nestedfor, "allocs": allocs,
              "directives": directives, "mixed": mixed, "ifs": ifs,
              "blockargs": blockargs, "select": select,
              "nestedfreed": nestedfreed, "chainfreed": chainfreed,
              "manyfindings": manyfindings}
# The shapes timed beside upstream's parse with peak RSS and a limit.
LIMITED = ("allocs", "mixed", "directives", "ifs", "blockargs", "select",
           "nestedfreed", "chainfreed", "manyfindings")


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


def measured(cmd, timeout, memory_mib):
    """Wall seconds, peak RSS in MiB, how it ended ("ok", "timeout",
    "exit N") and CPU seconds (user + system), under an address-space limit
    so that a blow-up cannot take the machine's memory."""
    def limit():
        if memory_mib:
            size = memory_mib * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (size, size))
    start = time.perf_counter()
    output = tempfile.TemporaryFile()
    proc = subprocess.Popen(cmd, stdout=output, stderr=subprocess.STDOUT,
                            preexec_fn=limit)
    status = "ok"
    deadline = start + timeout if timeout else None
    while True:
        pid, code, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if deadline and time.perf_counter() > deadline:
            proc.kill()
            pid, code, usage = os.wait4(proc.pid, 0)
            status = f"killed at {timeout} s"
            break
        time.sleep(0.01)
    took = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(code)
    if status == "ok" and proc.returncode not in (0, 1):
        status = f"exit {proc.returncode}"
    output.seek(0)
    text = output.read().decode(errors="replace")
    output.close()
    # What the run said about the budget, and whether the ordinary function
    # after the pathological one kept its leak.
    for why, label in (("ms (functionBudget", "time"),
                       ("MiB of memory", "memory"), ("steps in one", "steps")):
        if "not analysed: @" in text and why in text:
            status += ", budget: " + label
    if "%m leaks" in text:
        status += ", @ordinary kept its leak"
    return (took, usage.ru_maxrss / 1024, status,
            usage.ru_utime + usage.ru_stime)


def findings_bytes(args, path, bufferlens_args):
    """The findings' own size: the bytes of `lint --format json`'s
    `findings` array written compactly, as UTF-8."""
    cmd = [args.bufferlens, "lint", "--jobs", "1", "--format", "json"]
    out = subprocess.run(cmd + bufferlens_args + [path],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    if out.returncode not in (0, 1):
        return None
    findings = json.loads(out.stdout)["findings"]
    return len(json.dumps(findings, separators=(",", ":"),
                          ensure_ascii=False).encode())


def limited_row(args, shape, n, path, bufferlens_args):
    ours = [args.bufferlens, "lint", "--jobs", "1", "--format", args.format]
    ours += bufferlens_args + [path]
    best = None
    for _ in range(args.runs):
        run = measured(ours, args.timeout, args.memory)
        if best is None or run[0] < best[0]:
            best = run
        if not run[2].startswith("ok"):
            break
    parse = min((measured([args.mlir_opt, path, "-o", "/dev/null"], 0, 0)
                 for _ in range(args.runs)), key=lambda r: r[0])
    # The memory bound is relative to upstream's deallocation pass on the
    # same input (a function that already frees makes the pass fail at
    # once, and deep nests overflow its stack: `ended` says which).
    dealloc = min((measured([args.mlir_opt,
                             "--ownership-based-buffer-deallocation", path,
                             "-o", "/dev/null"], args.timeout, args.memory)
                   for _ in range(args.runs)), key=lambda r: r[0])
    size = os.path.getsize(path) / 1e6
    own = findings_bytes(args, path, bufferlens_args)
    if own is None:
        own_text, target_text, of_target = "?", "?", "?"
    else:
        own_mib = own / 2**20
        target = 2 * dealloc[1] + own_mib
        own_text = f"{own_mib:.1f} MiB"
        target_text = f"{target:.0f} MiB"
        of_target = f"{best[1] / target:.2f}"
    # Times are wall (CPU): on a shared machine the CPU ratio is the one
    # that does not move with the other processes' load.
    print(f"| {shape} | {n} | {size:.1f} MB | {parse[0]:.2f} s "
          f"({parse[3]:.2f} s) | {parse[1]:.0f} MiB | {dealloc[0]:.2f} s "
          f"({dealloc[3]:.2f} s) | {dealloc[1]:.0f} MiB ({dealloc[2]}) | "
          f"{best[0]:.2f} s ({best[3]:.2f} s) | {best[1]:.0f} MiB | "
          f"{best[0] / parse[0]:.1f}× ({best[3] / parse[3]:.1f}×) | "
          f"{best[1] / dealloc[1]:.2f}× | {own_text} | {target_text} | "
          f"{of_target} | {best[2]} |", flush=True)


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
    parser.add_argument("--rss", action="store_true",
                        help="time every shape beside upstream's parse, "
                        "with peak RSS, --timeout and --memory")
    parser.add_argument("--timeout", type=float, default=120,
                        help="seconds before our run is killed (--rss)")
    parser.add_argument("--memory", type=int, default=8000,
                        help="MiB of address space for our run (--rss)")
    parser.add_argument("--bufferlens-args", default="",
                        help="more arguments for `bufferlens lint`")
    args = parser.parse_args()

    sizes = dict(DEFAULT_SIZES)
    for preset, preset_sizes in (("reliability", RELIABILITY),
                                 ("evidence", EVIDENCE)):
        if args.shapes == preset:
            sizes.update(preset_sizes)
            args.shapes = ",".join(preset_sizes)
            args.rss = True
    for item in args.sizes:
        shape, values = item.split("=")
        sizes[shape] = [int(v) for v in values.split(",")]
    workdir = args.keep or tempfile.mkdtemp(prefix="blowups-")
    os.makedirs(workdir, exist_ok=True)

    limited = [shape for shape in args.shapes.split(",")
               if args.rss or shape in LIMITED]
    if limited:
        print("| shape | N | size | mlir-opt parse, wall (CPU) | parse RSS "
              "| mlir-opt dealloc, wall (CPU) | dealloc RSS | bufferlens "
              "lint, wall (CPU) | lint RSS | lint / parse, wall (CPU) | "
              "lint RSS / dealloc RSS | findings (compact JSON) | memory "
              "target (2× dealloc RSS + findings) | lint RSS / target | "
              "ended |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
              "---|")
    for shape in limited:
        for n in sizes[shape]:
            path = os.path.join(workdir, f"{shape}-{n}.mlir")
            with open(path, "w") as f:
                f.write(GENERATORS[shape](n))
            limited_row(args, shape, n, path, args.bufferlens_args.split())
    rest = [shape for shape in args.shapes.split(",") if shape not in limited]
    if rest:
        print("| shape | N | bufferlens | upstream | ratio | upstream "
              "command |")
        print("|---|---|---|---|---|---|")
    for shape in rest:
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
