#!/usr/bin/env python3
"""What one edit costs the server, in instructions rather than
milliseconds: runs `bufferlens serve` and upstream `mlir-lsp-server` under
callgrind on the same generated module, opens it, waits for the complete
diagnostics, then makes EDITS one-line edits inside the middle function
(the edit lsp_bench.py times: a line inserted after the function's first
line, then removed again), each waited for. A second profile opens the
module and makes no edit; the difference, divided by EDITS, is one edit.

Instruction counts do not depend on the machine's load: where the
wall-time `change` ratio of lsp_bench.py moves by 20-40% from one minute to
the next, these say whether the server's own work per edit went down. The
client's parse of the diagnostics is not in them (lsp_bench.py reports it
as `change_client_parse`).

Needs valgrind and strip (binutils), as open_budget.py.

usage: edit_budget.py --bufferlens PATH [--mlir-lsp-server PATH]
                      [--lines 10000] [--shape mix] [--edits 10]"""

import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from lsp_bench import Server  # noqa: E402
from open_budget import (budget_arguments, cost_of, inclusive,  # noqa: E402
                         module_and_binary)

# Functions that run on the edit's path only (the open's analysis runs
# partly on whichever thread takes its first part, so the phases that
# contain it would not subtract cleanly), and the publish, which the open
# also makes once in both profiles.
OUR_PHASES = [
    ("didChange (apply the edit)", "bufferlens::DocumentService::didChange("),
    ("cut after the edit", "bufferlens::splitTopLevelAfterEdit("),
    ("edited function analysed alone", "analyseAlone("),
    ("publishDiagnostics message", "bufferlens::publishDiagnosticsMessage["),
]
UPSTREAM_PHASES = [
    ("document update", "mlir::lsp::MLIRServer::addOrUpdateDocument("),
]


def profile(argv, path, out_file, edits, options=None):
    """Opens `path` in the server `argv` runs under callgrind, waits for
    its complete diagnostics, makes `edits` edits, each waited for."""
    server = Server(["valgrind", "--tool=callgrind",
                     "--callgrind-out-file=" + out_file] + argv)
    capabilities = server.initialize(options).get("result", {}).get(
        "capabilities", {})
    sync = capabilities.get("textDocumentSync", 1)
    full = (sync if isinstance(sync, int) else sync.get("change", 1)) == 1
    uri = "file://" + os.path.abspath(path)
    with open(path) as f:
        text = f.read()
    server.open(uri, text)
    server.diagnostics(uri, 1)
    lines = text.split("\n")
    middle = len(lines) // 2
    while middle > 0 and not lines[middle].startswith("func.func"):
        middle -= 1
    for k in range(edits):
        inserted = k % 2 == 0
        if full:
            edited = list(lines)
            if inserted:
                edited.insert(middle + 1, "  %edit = arith.constant 1 : index")
            change = {"text": "\n".join(edited)}
        else:
            change = {"range": {"start": {"line": middle + 1, "character": 0},
                                "end": {"line": middle + (1 if inserted
                                                          else 2),
                                        "character": 0}},
                      "text": ("  %edit = arith.constant 1 : index\n"
                               if inserted else "")}
        server.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": k + 2},
            "contentChanges": [change]})
        server.diagnostics(uri, k + 2)
    server.call("shutdown")
    server.notify("exit")
    server.proc.wait()


def total(out_file):
    with open(out_file) as f:
        for line in f:
            if line.startswith("summary:") or line.startswith("totals:"):
                return int(line.split()[1])
    return 0


def main():
    p = budget_arguments(__doc__, 10000)
    p.add_argument("--edits", type=int, default=10)
    args = p.parse_args()

    work = tempfile.mkdtemp(prefix="bufferlens-edit-budget-")
    module, ours = module_and_binary(work, args.shape, args.lines,
                                     args.bufferlens)

    # One publish per version, the complete one (see open_budget.py).
    servers = [("mlir-lsp-server", [args.mlir_lsp_server], UPSTREAM_PHASES,
                None),
               ("bufferlens", [ours, "serve"], OUR_PHASES,
                {"earlyDiagnosticsBytes": 1 << 62})]
    print("one edit of %d lines (%s), instructions (callgrind), every "
          "thread counted; mean of %d edits" %
          (args.lines, args.shape, args.edits))
    print()
    print("| server | phase | instructions per edit |")
    print("|---|---|---|")
    per_edit = {}
    for name, argv, phases, options in servers:
        costs = []
        for edits in (0, args.edits):
            out = os.path.join(work, "callgrind.%s.%d" % (name, edits))
            profile(argv, module, out, edits, options)
            costs.append((total(out), inclusive(out)))
        (base_total, base), (edited_total, edited) = costs
        per_edit[name] = (edited_total - base_total) / args.edits
        print("| %s | whole process | %s |" %
              (name, format(round(per_edit[name]), ",")))
        for label, prefix in phases:
            cost = (cost_of(edited, prefix) - cost_of(base, prefix)) / args.edits
            print("| %s | %s | %s |" % (name, label, format(round(cost), ",")))
    print()
    print("bufferlens / mlir-lsp-server per edit: %.2f" %
          (per_edit["bufferlens"] / per_edit["mlir-lsp-server"]))
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
