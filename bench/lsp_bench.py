#!/usr/bin/env python3
"""Measures `bufferlens serve` beside upstream `mlir-lsp-server` on the same
generated modules, in the same run:

- didOpen -> the first publishDiagnostics for the document
- a one-function didChange (an incremental edit inside one function body)
  -> publishDiagnostics of the new version
- of each, the time the client spent parsing the diagnostics' JSON
  (`*_client_parse`)
- hover latency (p95 over many hovers on value uses)
- peak RSS (VmHWM) of the server holding the file

Each figure is the median of --runs runs; ratios are bufferlens/upstream.

The client is Node (bench/lsp_run_once.mjs, one process per run) when
`node` is on PATH, else this Python one (--client). VS Code's client is
Node, and Python's json.loads takes ~4x as long as Node's JSON.parse on
our diagnostics (at 100k lines ~190 against ~46 ms, in every open and
change): with the Python client that extra cost counts as the server's.

With `--shapes tensor` the module is bench/tensor_bench.py's (the corpus's
tensor programs), hovered on the tensor values its ops define; the
server's CPU per edit, hover and hint is reported beside the latencies.

usage: lsp_bench.py --bufferlens PATH [--mlir-lsp-server PATH]
                    [--shapes mix|tensor|SHAPE,...]
                    [--sizes 1000,10000,100000] [--runs 3] [--edits 5]
                    [--hovers 200] [--client node|python] [--json OUT]"""

import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "test", "lsp"))
from lspclient import LSPClient  # noqa: E402

NODE_RUN_ONCE = os.path.join(HERE, "lsp_run_once.mjs")


class Server(LSPClient):
    """LSPClient for an arbitrary server command (not only bufferlens)."""

    def __init__(self, argv):
        import queue
        import threading
        self.transport = "stdio"
        self.messages = queue.Queue()
        self.seen = []
        self.next_id = 0
        self.stderr_lines = []
        self.diagnostics_parse_seconds = {}
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.out = self.proc.stdin
        self.inp = self.proc.stdout
        threading.Thread(target=self._read, daemon=True).start()

    def cpu_seconds(self):
        """The server's CPU time so far (user + system, all threads)."""
        with open("/proc/%d/stat" % self.proc.pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def peak_rss_kib(self):
        with open("/proc/%d/status" % self.proc.pid) as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
        return 0


def value_uses(text):
    """(line, character) of `%1` uses in `memref.load %1[...]` lines."""
    out = []
    for n, line in enumerate(text.splitlines()):
        m = re.search(r"memref\.load (%\w+)\[", line)
        if m:
            out.append((n, m.start(1) + 1))
    return out


# An op defining tensor values: `%r = linalg.matmul ... -> tensor<...>`,
# `%0:2 = scf.for ... -> (tensor<..>, ..)`, `%e = tensor.empty() : tensor<..>`;
# not the ops that read a scalar out of a tensor (`tensor.dim`,
# `tensor.extract`), whose lines name a tensor type too.
TENSOR_DEF = re.compile(r"^\s+(%[\w$.-]+)(?::\d+)?\s*=\s*"
                        r"(?!arith\.|tensor\.(?:dim|extract|rank)\b)[\w.]+"
                        r"(?=.*\btensor<)")


def tensor_values(text):
    """(line, character) of the tensor values ops define (the inlay hint's
    and the tensor hover's places), character just after the `%`."""
    out = []
    for n, line in enumerate(text.splitlines()):
        m = TENSOR_DEF.match(line)
        if m:
            out.append((n, m.start(1) + 1))
    return out


def edit_place(lines):
    """The line of the `func.func ... {` of the function nearest above the
    middle whose signature fits on that line: the edit goes after it, into
    its body (a line after a signature that goes on would break it)."""
    middle = len(lines) // 2
    while not (lines[middle].startswith("func.func") and
               lines[middle].rstrip().endswith("{")):
        middle -= 1
    return middle


# What the VS Code extension declares besides the standard capabilities
# (vscode-extension/src/diagnosticDefaults.ts): bufferlens then leaves out
# what the client fills in. Declared to bufferlens unless
# --full-diagnostics.
COMPACT_DIAGNOSTICS = {"experimental": {"bufferlens": {
    "compactDiagnostics": True}}}


def run_once(argv, text, uri, edits, hovers, rng, options=None,
             open_publishes=1, compact=False, uses=None, middle=None):
    s = Server(argv)
    try:
        caps = s.initialize(options, COMPACT_DIAGNOSTICS if compact else None
                            )["result"]["capabilities"]
        sync = caps.get("textDocumentSync")
        # mlir-lsp-server only takes whole texts (TextDocumentSyncKind.Full):
        # send each edit the way a client would for it.
        full_sync = (sync if isinstance(sync, int) else sync.get("change")) == 1
        lines = text.splitlines()
        if uses is None:
            uses = value_uses(text)
        # A value nine tenths down the document, hovered right after the
        # open (what a user does who opens a file where they were working).
        late = next((u for u in uses if u[0] >= len(lines) * 9 // 10),
                    uses[-1])
        t0 = time.perf_counter()
        s.open(uri, text)
        r = s.call("textDocument/hover", {
            "textDocument": {"uri": uri},
            "position": {"line": late[0], "character": late[1]}})
        hover_open_s = time.perf_counter() - t0
        assert r.get("result"), ("no hover at", late, r)
        s.diagnostics(uri, 1)
        open_first_s = time.perf_counter() - t0
        for _ in range(open_publishes - 1):
            s.diagnostics(uri, 1)
        open_s = time.perf_counter() - t0
        open_cpu = s.cpu_seconds()

        # Edit inside the middle function: a comment line after its first
        # line, then remove it again (the text alternates between two).
        if middle is None:
            middle = len(lines) // 2
            while not lines[middle].startswith("func.func"):
                middle -= 1
        change_s = []
        change_cpu = []
        for k in range(edits):
            version = k + 2
            if k % 2 == 0:
                change = {"range": {"start": {"line": middle + 1,
                                              "character": 0},
                                    "end": {"line": middle + 1,
                                            "character": 0}},
                          "text": "  %%edit = arith.constant %d : index\n" % k}
            else:
                change = {"range": {"start": {"line": middle + 1,
                                              "character": 0},
                                    "end": {"line": middle + 2,
                                            "character": 0}},
                          "text": ""}
            if full_sync:
                edited = list(lines)
                if k % 2 == 0:
                    edited.insert(middle + 1, change["text"].rstrip("\n"))
                change = {"text": "\n".join(edited) + "\n"}
            cpu0 = s.cpu_seconds()
            t0 = time.perf_counter()
            s.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [change]})
            s.diagnostics(uri, version)
            change_s.append(time.perf_counter() - t0)
            change_cpu.append(s.cpu_seconds() - cpu0)
        if edits % 2 == 1:
            # Leave the text as it was opened so hover positions hold.
            version = edits + 2
            s.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"text": text}]})
            s.diagnostics(uri, version)

        hover_s = []
        cpu0 = s.cpu_seconds()
        for _ in range(hovers):
            line, character = rng.choice(uses)
            t0 = time.perf_counter()
            r = s.call("textDocument/hover", {
                "textDocument": {"uri": uri},
                "position": {"line": line, "character": character}})
            hover_s.append(time.perf_counter() - t0)
            assert r.get("result"), r
        hover_cpu = (s.cpu_seconds() - cpu0) / hovers if hovers else 0
        # Inlay hints for a 60-line viewport (bufferlens only: the upstream
        # server has no ownership hints to compare with).
        inlay_s = []
        cpu0 = s.cpu_seconds()
        if not full_sync:
            for _ in range(hovers):
                top = rng.randrange(max(1, len(lines) - 60))
                t0 = time.perf_counter()
                r = s.call("textDocument/inlayHint", {
                    "textDocument": {"uri": uri},
                    "range": {"start": {"line": top, "character": 0},
                              "end": {"line": top + 60, "character": 0}}})
                inlay_s.append(time.perf_counter() - t0)
                assert "result" in r, r
        inlay_cpu = (s.cpu_seconds() - cpu0) / len(inlay_s) if inlay_s else 0
        rss = s.peak_rss_kib()
        s.call("shutdown")
        s.notify("exit")
        s.proc.wait(timeout=600)
        parse = s.diagnostics_parse_seconds
        return {"open_first": open_first_s, "open": open_s,
                "hover_open": hover_open_s,
                "change": statistics.median(change_s),
                # Of which this (Python) client spent parsing the JSON of
                # the diagnostics: the Node client is ~4x faster.
                "open_client_parse": parse.get((uri, 1), 0),
                "open_cpu": open_cpu,
                "change_client_parse": statistics.median(
                    parse.get((uri, k + 2), 0) for k in range(edits)),
                "hover_p50": statistics.median(hover_s) if hover_s else 0,
                "hover_p95": sorted(hover_s)[int(0.95 * (len(hover_s) - 1))],
                "inlay_p50": statistics.median(inlay_s) if inlay_s else 0,
                "inlay_p95": (sorted(inlay_s)[int(0.95 * (len(inlay_s) - 1))]
                              if inlay_s else 0),
                "rss_kib": rss,
                # The server's CPU per request (/proc ticks are 10 ms, so
                # each is the CPU of all the edits, hovers or hints over
                # their count).
                "change_cpu": sum(change_cpu) / len(change_cpu),
                "hover_cpu": hover_cpu, "inlay_cpu": inlay_cpu}
    finally:
        if s.proc.poll() is None:
            s.proc.kill()
            s.proc.wait()


def run_once_node(node, argv, path, uri, edits, hovers, seed,
                  options=None, open_publishes=1, compact=False, uses=None,
                  middle=None):
    """run_once, from the Node client: one `node lsp_run_once.mjs` process
    that drives the server and prints the same figures as JSON."""
    config = {"argv": argv, "path": path, "uri": uri, "edits": edits,
              "hovers": hovers, "seed": seed, "options": options,
              "openPublishes": open_publishes, "compact": compact}
    if uses is not None:
        config["uses"] = uses
    if middle is not None:
        config["editAfter"] = middle
    # In a file: the positions of a 100k-line module overflow a command line.
    with tempfile.NamedTemporaryFile("w", suffix=".json") as f:
        json.dump(config, f)
        f.flush()
        out = subprocess.run([node, NODE_RUN_ONCE, "@" + f.name],
                             stdout=subprocess.PIPE, check=True)
    return json.loads(out.stdout)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--bufferlens", required=True)
    p.add_argument("--mlir-lsp-server",
                   default="/usr/lib/llvm-22/bin/mlir-lsp-server")
    p.add_argument("--sizes", default="1000,10000,100000")
    p.add_argument("--shapes", default="mix",
                   help="comma-separated: mix, condbranch, or shapes of "
                        "bench/shapes.py")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--edits", type=int, default=5)
    p.add_argument("--hovers", type=int, default=200)
    p.add_argument("--bufferlens-options", default=None,
                   help="initializationOptions for bufferlens, as JSON "
                        "(e.g. '{\"debounceMs\": 0}')")
    p.add_argument("--full-diagnostics", action="store_true",
                   help="do not declare compactDiagnostics, which the VS "
                        "Code extension declares (the Node client then "
                        "fills in what the extension fills in, as part of "
                        "its parse)")
    node = shutil.which("node")
    p.add_argument("--client", choices=["node", "python"],
                   default="node" if node else "python",
                   help="the LSP client that drives both servers: node "
                        "(bench/lsp_run_once.mjs; the default when node is "
                        "on PATH) or python (test/lsp/lspclient.py)")
    p.add_argument("--json")
    args = p.parse_args()
    if args.client == "node":
        if not node:
            p.error("--client node: no `node` on PATH")
        version = subprocess.run([node, "--version"], stdout=subprocess.PIPE,
                                 text=True, check=True).stdout.strip()
        client = "node %s (bench/lsp_run_once.mjs)" % version
    else:
        client = "python %s (test/lsp/lspclient.py)" % (
            sys.version.split()[0])
    print("lsp_bench: client %s" % client, flush=True)
    servers = {"bufferlens": [args.bufferlens, "serve"],
               "mlir-lsp-server": [args.mlir_lsp_server]}
    rng = random.Random(1)
    report = []
    with tempfile.TemporaryDirectory() as tmp:
        for shape, size in [(sh, int(s)) for sh in args.shapes.split(",")
                            for s in args.sizes.split(",")]:
            path = os.path.join(tmp, "%s%d.mlir" % (shape, size))
            uses = middle = None
            if shape == "tensor":
                # The tensor programs of the corpus and the tensor lit
                # inputs, in their proportions (bench/tensor_bench.py);
                # hovers and edits on their tensor values and bodies.
                import tensor_bench
                shapes = tensor_bench.templates()
                tensor_bench.write_modules(size, path, shapes)
                with open(path) as f:
                    text = f.read()
                uses = tensor_values(text)
                middle = edit_place(text.splitlines())
            else:
                subprocess.run([sys.executable,
                                os.path.join(HERE, "gen_module.py"),
                                "--shape", shape, str(size), path],
                               check=True)
                with open(path) as f:
                    text = f.read()
            row = {"shape": shape, "lines": text.count("\n"),
                   "client": args.client}
            for name, argv in servers.items():
                options = (json.loads(args.bufferlens_options)
                           if name == "bufferlens" and args.bufferlens_options
                           else None)
                compact = name == "bufferlens" and not args.full_diagnostics
                # bufferlens publishes a document's errors first when it is
                # at least earlyDiagnosticsBytes long (README "Errors
                # first"), then everything.
                early_bytes = (options or {}).get("earlyDiagnosticsBytes",
                                                  64 << 10)
                open_publishes = (2 if name == "bufferlens" and
                                  len(text.encode()) >= early_bytes else 1)
                uri = "file://" + path
                if args.client == "node":
                    # The Node client has its own generator: hand it a seed
                    # drawn from ours, so runs stay deterministic.
                    runs = [run_once_node(node, argv, path, uri, args.edits,
                                          args.hovers, rng.randrange(2**32),
                                          options, open_publishes,
                                          compact, uses, middle)
                            for _ in range(args.runs)]
                else:
                    runs = [run_once(argv, text, uri, args.edits,
                                     args.hovers, rng, options,
                                     open_publishes, compact, uses, middle)
                            for _ in range(args.runs)]
                row[name] = {k: statistics.median(r[k] for r in runs)
                             for k in runs[0]}
                row[name + "_spread"] = {k: [min(r[k] for r in runs),
                                             max(r[k] for r in runs)]
                                         for k in runs[0]}
            b, u = row["bufferlens"], row["mlir-lsp-server"]
            row["ratio"] = {k: b[k] / u[k] if u[k] else None for k in b}
            report.append(row)
            print(json.dumps(row), flush=True)
    print()
    print("| shape | lines | figure | bufferlens | mlir-lsp-server | ratio |")
    print("|---|---|---|---|---|---|")
    for row in report:
        b, u, r = row["bufferlens"], row["mlir-lsp-server"], row["ratio"]
        lead = "| %s | %d" % (row["shape"], row["lines"])
        for key, unit, scale in [("open_first", "ms", 1000),
                                 ("open", "ms", 1000),
                                 ("hover_open", "ms", 1000),
                                 ("open_client_parse", "ms", 1000),
                                 ("open_cpu", "ms", 1000),
                                 ("change", "ms", 1000),
                                 ("change_client_parse", "ms", 1000),
                                 ("change_cpu", "ms", 1000),
                                 ("hover_p50", "ms", 1000),
                                 ("hover_p95", "ms", 1000),
                                 ("hover_cpu", "ms", 1000),
                                 ("inlay_p50", "ms", 1000),
                                 ("inlay_p95", "ms", 1000),
                                 ("inlay_cpu", "ms", 1000),
                                 ("rss_kib", "MiB", 1 / 1024)]:
            if key.endswith("_client_parse"):
                print("%s | %s | %.2f %s | %.2f %s | n/a |" % (
                    lead, key, b[key] * scale, unit, u[key] * scale,
                    unit))
                continue
            if key.startswith("inlay_"):
                print("%s | %s | %.2f %s | n/a | n/a |" % (
                    lead, key, b[key] * scale, unit))
                continue
            print("%s | %s | %.2f %s | %.2f %s | %s |" % (
                lead, key, b[key] * scale, unit, u[key] * scale, unit,
                "%.2f×" % r[key] if r[key] is not None else "n/a"))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
