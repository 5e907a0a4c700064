"""What the protocol tests share: the command-line arguments, paths and
the expected answers derived from the CLI (`lint --format json`, `explain`),
so that the server and the CLI cannot drift apart, and a base class that
starts an initialized server per test. One test file per feature imports
it (clangd keeps one transcript per feature the same way)."""

import argparse
import json
import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lspclient import LSPClient  # noqa: E402

# Set by main() (or by test_protocol.py): --bufferlens, --source-dir,
# --mlir-opt.
ARGS = None

# One leak (BL101) and nothing else: the document the settings tests
# change the severity of.
LEAK = ("func.func @f(%c: i1) {\n"
        "  %0 = memref.alloc() : memref<2xf32>\n"
        "  cf.cond_br %c, ^bb1, ^bb2\n"
        "^bb1:\n"
        "  memref.dealloc %0 : memref<2xf32>\n"
        "  return\n"
        "^bb2:\n"
        "  return\n"
        "}\n")


def apply_action(c, uri, action, version):
    """Applies a code action's edits as a client does (last first, so the
    earlier ranges hold) as `version`; that version's diagnostics."""
    c.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": version},
        "contentChanges": [{"range": e["range"], "text": e["newText"]}
                           for e in reversed(
                               action["edit"]["changes"][uri])]})
    return c.diagnostics(uri, version)["diagnostics"]


def uri_of(path):
    return "file://" + os.path.abspath(path)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def lint_json(path):
    out = subprocess.run([ARGS.bufferlens, "lint", "--format", "json", path],
                         capture_output=True, text=True, cwd=ARGS.source_dir)
    return json.loads(out.stdout)


def explain(path, line, column):
    out = subprocess.run([ARGS.bufferlens, "explain",
                          "%s:%d:%d" % (path, line, column)],
                         capture_output=True, text=True)
    return out.stdout


def expected_diagnostics(path):
    """The LSP diagnostics that lint's JSON output implies."""
    out = []
    base = "file://" + os.path.join(ARGS.source_dir, "README.md")
    severities = {"error": 1, "warning": 2, "info": 3, "hint": 4}
    for f in lint_json(path)["findings"]:
        d = {"range": f["range"], "severity": severities[f["severity"]],
             "source": f["source"], "message": f["message"]}
        if f.get("code"):
            d["code"] = f["code"]
            d["codeDescription"] = {"href": base + "#" + f["code"].lower()}
            if f["code"] == "BL304":
                d["tags"] = [1]
        # The path's steps, numbered, then the related locations no step
        # points at (analysis/model/PathNotes.h).
        steps = f.get("path", [])
        notes = [("%d. %s" % (i + 1, s["message"]), s["range"])
                 for i, s in enumerate(steps)]
        notes += [(r["message"], r["range"]) for r in f["related"]
                  if all(s["range"] != r["range"] for s in steps)]
        if notes:
            d["relatedInformation"] = [
                {"location": {"uri": uri_of(path), "range": r},
                 "message": m} for m, r in notes]
        out.append(d)
    return out


def pos(line, character):
    return {"line": line, "character": character}


def rng(l1, c1, l2, c2):
    return {"start": pos(l1, c1), "end": pos(l2, c2)}



class FeatureTest(unittest.TestCase):
    """A test case over stdio with an initialized server per test."""
    transport = "stdio"

    def start(self, args=(), options=None, capabilities=None):
        client = LSPClient(ARGS.bufferlens, args, self.transport)
        self.addCleanup(client.close)
        self.init_result = client.initialize(options, capabilities)
        return client

    def opened(self, c, path):
        """Opens `path` in `c` and waits for its first diagnostics; its URI."""
        uri = uri_of(path)
        c.open(uri, read(path))
        c.diagnostics(uri)
        return uri

    def example(self, name):
        return os.path.join(ARGS.source_dir, "examples", name)

    def inputs(self, name):
        return os.path.join(ARGS.source_dir, "test", "lsp", "inputs", name)

    def examples(self):
        folder = os.path.join(ARGS.source_dir, "examples")
        return [os.path.join(folder, n) for n in sorted(os.listdir(folder))
                if n.endswith(".mlir")]


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--bufferlens", required=True)
    parser.add_argument("--source-dir", required=True)
    parser.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    ARGS, rest = parser.parse_known_args()
    unittest.main(module="__main__", argv=[sys.argv[0]] + rest)
