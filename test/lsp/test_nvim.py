#!/usr/bin/env python3
"""End-to-end: Neovim's built-in LSP client (vim.lsp.start_client) against
`bufferlens serve`. The diagnostics Neovim shows and the hover it gets must
equal what `bufferlens lint` and `bufferlens explain` say of the same file,
and "Show path" run through editors/neovim's command must fill the quickfix
list with the leak's steps as `lint --format json` gives them.

usage: test_nvim.py BUFFERLENS SOURCE_DIR"""

import json
import os
import shutil
import subprocess
import sys
import tempfile


def main():
    bufferlens, source_dir = sys.argv[1], sys.argv[2]
    nvim = shutil.which("nvim")
    if not nvim:
        print("nvim not found: install Debian's neovim "
              "(scripts/install-deps.sh)")
        return 1
    path = os.path.join(source_dir, "test", "lsp", "inputs", "leak.mlir")
    with tempfile.TemporaryDirectory() as tmp:
        output = os.path.join(tmp, "out.json")
        env = dict(os.environ, BUFFERLENS=bufferlens, INPUT=path,
                   OUTPUT=output, HOVER_LINE="2", HOVER_CHAR="3",
                   PATH_LINE="2", PATH_CHAR="2",
                   PLUGIN_DIR=os.path.join(source_dir, "editors", "neovim"),
                   XDG_CONFIG_HOME=tmp, XDG_DATA_HOME=tmp,
                   XDG_STATE_HOME=tmp, XDG_CACHE_HOME=tmp)
        script = os.path.join(source_dir, "test", "lsp", "nvim_e2e.lua")
        # The timeout only turns a hang into a failure.
        run = subprocess.run([nvim, "--headless", "--clean", "-n",
                              "-c", "luafile " + script],
                             env=env, capture_output=True, text=True,
                             timeout=600, stdin=subprocess.DEVNULL)
        if run.returncode != 0 or not os.path.exists(output):
            print("nvim failed (%d):\n%s\n%s" % (run.returncode, run.stdout,
                                                 run.stderr))
            return 1
        with open(output) as f:
            got = json.load(f)

    lint = json.loads(subprocess.run(
        [bufferlens, "lint", "--format", "json", path],
        capture_output=True, text=True).stdout)
    expected = [{"lnum": f["range"]["start"]["line"],
                 "col": f["range"]["start"]["character"],
                 "end_lnum": f["range"]["end"]["line"],
                 "end_col": f["range"]["end"]["character"],
                 "severity": 1, "message": f["message"],
                 "source": "bufferlens", "code": f["code"]}
                for f in lint["findings"]]
    explain = subprocess.run([bufferlens, "explain", path + ":3:4"],
                             capture_output=True, text=True).stdout
    failures = []
    if got["diagnostics"] != expected:
        failures.append("diagnostics:\n got      %s\n expected %s" %
                        (got["diagnostics"], expected))
    if not got["hover"] or got["hover"]["contents"] != {
            "kind": "markdown", "value": explain}:
        failures.append("hover:\n got      %s\n expected %r" %
                        (got["hover"], explain))
    if got["hover"] and got["hover"].get("range") != {
            "start": {"line": 2, "character": 2},
            "end": {"line": 2, "character": 6}}:
        failures.append("hover range: %s" % got["hover"].get("range"))
    leak = lint["findings"][0]
    steps = [{"lnum": s["line"], "col": s["column"],
              "text": "%d. %s" % (i + 1, s["message"]),
              "file": os.path.realpath(path)}
             for i, s in enumerate(leak["path"])]
    got_steps = [dict(s, file=os.path.realpath(s["file"]))
                 for s in got["quickfix"]]
    if got_steps != steps or len(steps) != 3:
        failures.append("Show path's quickfix list:\n got      %s\n "
                        "expected %s" % (got_steps, steps))
    title = "BL101: " + leak["message"]
    if got["quickfix_title"] != title:
        failures.append("quickfix title: %r, expected %r" %
                        (got["quickfix_title"], title))
    if "Show path (3 steps)" not in got["actions"]:
        failures.append("actions at the leak: %s" % got["actions"])
    if not expected:
        failures.append("the input has no findings; the test proves nothing")
    for f in failures:
        print("FAIL", f)
    if not failures:
        print("PASS: %d diagnostics and the hover of %%buf match the CLI, "
              "Show path lists the leak's %d steps (encoding %s)" %
              (len(expected), len(steps), got["encoding"]))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
