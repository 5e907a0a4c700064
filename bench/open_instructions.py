#!/usr/bin/env python3
"""Instructions a language server spends on a document's open, from
callgrind (instruction counts are the same on a loaded machine; this VM
gives `perf stat` no hardware counters), beside upstream's own work on
the same module.

For each server: callgrind_control dumps the counters after `initialize`
and again once the open's complete diagnostics have arrived (bufferlens
publishes twice on a document of 64 KiB or more: errors first, then
everything); the second dump is the open's work, every thread included.
For mlir-opt: the instructions inside `PassManager::run` (One-Shot
Bufferize alone, then with the ownership-based deallocation) and inside
the parser, by --toggle-collect; a module upstream rejects stops mlir-opt
at its first failing function, so give it the module of accepted
functions (tensor_bench.py --write writes both).

usage: open_instructions.py --bufferlens PATH [--mlir-lsp-server PATH]
                            [--mlir-opt PATH] MODULE [ACCEPTED_MODULE]"""

import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "test", "lsp"))
import lspclient  # noqa: E402
from lsp_bench import Server  # noqa: E402

lspclient.WAIT_SECONDS = 1200


def dumped_totals(prefix):
    """The `totals:` of each dump file `prefix.PID.N`, by N."""
    out = {}
    for path in glob.glob(prefix + ".*.*"):
        number = int(path.rsplit(".", 1)[1])
        for line in open(path, errors="replace"):
            if line.startswith("totals:") or line.startswith("summary:"):
                out[number] = int(line.split()[1])
    return out


def server_open(tmp, name, argv, path, publishes):
    prefix = os.path.join(tmp, "cg." + name)
    server = Server(["valgrind", "--tool=callgrind",
                     "--callgrind-out-file=%s.%%p" % prefix] + argv)
    try:
        server.initialize(None, None)
        pid = str(server.proc.pid)
        subprocess.run(["callgrind_control", "-d", "initialized", pid],
                       check=True, capture_output=True)
        uri = "file://" + os.path.abspath(path)
        server.open(uri, open(path).read())
        for _ in range(publishes):
            server.diagnostics(uri, 1)
        subprocess.run(["callgrind_control", "-d", "opened", pid],
                       check=True, capture_output=True)
        # The dump is written by the server's own thread: wait for it.
        for _ in range(600):
            if 2 in dumped_totals(prefix):
                break
            time.sleep(0.1)
    finally:
        server.close()
    return dumped_totals(prefix)[2]


def collected(tmp, toggle, argv):
    out = subprocess.run(
        ["valgrind", "--tool=callgrind",
         "--callgrind-out-file=" + os.path.join(tmp, "cg.opt"),
         "--toggle-collect=" + toggle] + argv,
        capture_output=True, text=True)
    return int(re.search(r"Collected : (\d+)", out.stderr).group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bufferlens", required=True)
    parser.add_argument("--mlir-lsp-server",
                        default="/usr/lib/llvm-22/bin/mlir-lsp-server")
    parser.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    parser.add_argument("module")
    parser.add_argument("accepted", nargs="?")
    args = parser.parse_args()
    accepted = args.accepted or args.module
    big = os.path.getsize(args.module) >= 64 << 10
    with tempfile.TemporaryDirectory() as tmp:
        upstream = server_open(tmp, "upstream", [args.mlir_lsp_server],
                               args.module, 1)
        ours = server_open(tmp, "bufferlens", [args.bufferlens, "serve"],
                           args.module, 2 if big else 1)
        one_shot = "--one-shot-bufferize=bufferize-function-boundaries"
        run = "mlir::PassManager::run(*"
        parse = collected(tmp, "mlir::parseAsmSourceFile*",
                          [args.mlir_opt, accepted, "-o", "/dev/null"])
        bufferize = collected(tmp, run, [args.mlir_opt, one_shot, accepted,
                                         "-o", "/dev/null"])
        pipeline = collected(tmp, run, [
            args.mlir_opt, one_shot, "--ownership-based-buffer-deallocation",
            accepted, "-o", "/dev/null"])
    rows = [
        ("mlir-lsp-server: open", upstream),
        ("bufferlens serve: open to complete diagnostics", ours),
        ("mlir-opt: parse (accepted module)", parse),
        ("mlir-opt: One-Shot Bufferize", bufferize),
        ("mlir-opt: One-Shot Bufferize + ownership-based deallocation",
         pipeline),
    ]
    print("| work | instructions | / mlir-lsp-server open |")
    print("|---|---:|---:|")
    for label, count in rows:
        print("| %s | %s | %.2f× |" % (label, format(count, ","),
                                        count / upstream))
    print("| parse + both passes: the least an open with the tensor view "
          "does | %s | %.2f× |" % (format(parse + pipeline, ","),
                                    (parse + pipeline) / upstream))


if __name__ == "__main__":
    main()
