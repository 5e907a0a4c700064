#!/usr/bin/env python3
"""Where a didOpen's work goes, in instructions rather than milliseconds:
runs `bufferlens serve` and upstream `mlir-lsp-server` under callgrind on
the same generated module, opens it once in each, waits for the
diagnostics, and prints the instructions of each phase beside upstream's
whole document update (`MLIRServer::addOrUpdateDocument`: parse, verify,
AsmParserState).

Instruction counts do not depend on the machine's load, so they say how
much of the wall-time ratio (lsp_bench.py) is work and how much is cores:
with every thread counted, `analyzeDocument` against
`addOrUpdateDocument` is the CPU ratio of the open, and the time ratio on
N cores cannot drop below that divided by N plus what runs on one thread.

The publishDiagnostics row counts the calling thread only: from 4,096
findings on, the message is written in slices on the part threads too,
whose share the row leaves out (the default 5,000 lines give ~1,100).

Needs valgrind and strip (binutils): callgrind cannot read the DWARF of
our build, so a copy of the binary without debug info is profiled.

usage: open_budget.py --bufferlens PATH [--mlir-lsp-server PATH]
                      [--lines 5000] [--shape mix] [--keep DIR]"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from lsp_bench import Server  # noqa: E402

UPSTREAM_DOCUMENT = "mlir::lsp::MLIRServer::addOrUpdateDocument("

# (label, demangled-name prefix) of our phases, in the order they run.
OUR_PHASES = [
    ("analysis (every part)", "bufferlens::analyzeDocument("),
    ("analysis: parse and verify", "bufferlens::ParsedModule::parse("),
    ("analysis: source index", "bufferlens::SourceIndex::SourceIndex("),
    ("analysis: buffer facts", "bufferlens::computeBufferFacts("),
    ("analysis: classic", "bufferlens::analyzeClassic("),
    ("analysis: deallocation checker", "bufferlens::runDeallocationChecker("),
    ("analysis: ownership", "bufferlens::runOwnershipAnalysis("),
    ("ownership: upstream passes", "mlir::PassManager::run("),
    ("ownership: tagged copy", "bufferlens::TaggedClone::TaggedClone("),
    ("publishDiagnostics message", "bufferlens::publishDiagnosticsMessage["),
    ("names of the parts, sorted", "bufferlens::sortedNamesOf("),
]
UPSTREAM_PHASES = [
    ("document update", UPSTREAM_DOCUMENT),
    ("parse (with AsmParserState)", "mlir::parseAsmSourceFile("),
]


def profile(argv, path, out_file, options=None):
    """Opens `path` once in the server `argv` runs under callgrind, with
    `options` as initializationOptions."""
    server = Server(["valgrind", "--tool=callgrind",
                     "--callgrind-out-file=" + out_file] + argv)
    server.initialize(options)
    uri = "file://" + os.path.abspath(path)
    with open(path) as f:
        server.open(uri, f.read())
    server.diagnostics(uri, 1)
    server.call("shutdown")
    server.notify("exit")
    server.proc.wait()


def inclusive(out_file):
    """{demangled name: inclusive instructions} of one callgrind profile."""
    text = subprocess.run(["callgrind_annotate", "--inclusive=yes",
                           "--threshold=100", out_file],
                          capture_output=True, text=True, check=True).stdout
    costs = {}
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+) \([\s\d.]+%\)\s+\S*?:(.*) \[", line)
        if m:
            name = m.group(2)
            costs.setdefault(name, int(m.group(1).replace(",", "")))
    return costs


def budget_arguments(doc, lines):
    """The options both budget scripts take; `lines` is the default size."""
    p = argparse.ArgumentParser(description=doc,
                                formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--bufferlens", required=True)
    p.add_argument("--mlir-lsp-server",
                   default="/usr/lib/llvm-22/bin/mlir-lsp-server")
    p.add_argument("--lines", type=int, default=lines)
    p.add_argument("--shape", default="mix",
                   help="gen_module.py --shape: mix (default), condbranch "
                        "or one shape of bench/shapes.py")
    return p


def module_and_binary(work, shape, lines, bufferlens):
    """Writes the generated module into `work`, and a copy of `bufferlens`
    without debug information (for callgrind); returns both paths."""
    module = os.path.join(work, "module.mlir")
    subprocess.run([sys.executable, os.path.join(HERE, "gen_module.py"),
                    "--shape", shape, str(lines), module], check=True)
    ours = os.path.join(work, "bufferlens")
    shutil.copy(bufferlens, ours)
    subprocess.run(["strip", "-g", ours], check=True)
    return module, ours


def cost_of(costs, prefix):
    # A recursive function also appears as NAME'2; the first (largest)
    # entry is the outermost call's.
    found = [c for name, c in costs.items() if name.startswith(prefix)]
    return max(found) if found else 0


def main():
    p = budget_arguments(__doc__, 5000)
    p.add_argument("--keep", help="keep the profiles in this directory")
    args = p.parse_args()

    work = args.keep or tempfile.mkdtemp(prefix="bufferlens-budget-")
    os.makedirs(work, exist_ok=True)
    module, ours = module_and_binary(work, args.shape, args.lines,
                                     args.bufferlens)

    profile([args.mlir_lsp_server], module,
            os.path.join(work, "callgrind.upstream"))
    # One publish, the complete one: with errors first (README "Errors
    # first") the profile would end at the early publish, before the
    # costly stages ran.
    profile([ours, "serve"], module, os.path.join(work, "callgrind.bufferlens"),
            {"earlyDiagnosticsBytes": 1 << 62})
    upstream = inclusive(os.path.join(work, "callgrind.upstream"))
    mine = inclusive(os.path.join(work, "callgrind.bufferlens"))

    base = cost_of(upstream, UPSTREAM_DOCUMENT)
    if not base:
        sys.exit("open_budget: no %s in upstream's profile" %
                 UPSTREAM_DOCUMENT)
    with open(module) as f:
        lines = sum(1 for _ in f)
    print("didOpen of %d lines, instructions (callgrind), every thread "
          "counted; x = against upstream's document update" % lines)
    print()
    print("| server | phase | instructions | x |")
    print("|---|---|---|---|")
    for server, phases, costs in (("mlir-lsp-server", UPSTREAM_PHASES,
                                   upstream),
                                  ("bufferlens", OUR_PHASES, mine)):
        for label, prefix in phases:
            cost = cost_of(costs, prefix)
            print("| %s | %s | %s | %.2f |" %
                  (server, label, format(cost, ","), cost / base))
    analysis = cost_of(mine, OUR_PHASES[0][1]) / base
    print()
    print("With the analysis spread evenly over N cores, the open's "
          "time ratio is at least %.2f / N (%.2f on 2 cores), before what "
          "runs on one thread: writing and sending the diagnostics and the "
          "client's parse of them." % (analysis, analysis / 2))
    if not args.keep:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
