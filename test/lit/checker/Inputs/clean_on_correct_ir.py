#!/usr/bin/env python3
"""Correct deallocations must lint clean: for every .mlir file under the
given directories, lint the output of `mlir-opt --buffer-deallocation-pipeline`
(with --stage deallocated: every function of it is past deallocation) and of
`bufferlens rewrite --strategy classic` (with the automatic stage: the rewrite
leaves functions it cannot handle, e.g. with unstructured loops, unchanged
and freeing nothing), and count BL101..BL104 findings.

usage: clean_on_correct_ir.py BUFFERLENS MLIR_OPT DIR...
Prints one line per finding (file, code, message), then
`converted: N pipeline, M classic` and `checker findings: K`."""
import json
import os
import re
import subprocess
import sys
import tempfile

bufferlens, mlir_opt, dirs = sys.argv[1], sys.argv[2], sys.argv[3:]
files = sorted(os.path.join(root, f) for d in dirs for root, _, names in os.walk(d)
               for f in names if f.endswith(".mlir"))
tmp = tempfile.mkdtemp(prefix="bl-clean-")
outputs = {"pipeline": [], "classic": []}
for i, path in enumerate(files):
    # Files that already free memory are not inputs of deallocation (the
    # checker's own tests free wrongly on purpose).
    with open(path, encoding="utf-8", errors="replace") as f:
        code = "\n".join(line.split("//")[0] for line in f)
    if re.search(r"\b(memref|bufferization)\.dealloc\b", code):
        continue
    for kind, cmd in (("pipeline", [mlir_opt, "--buffer-deallocation-pipeline", path]),
                      ("classic", [bufferlens, "rewrite", "--strategy", "classic", path])):
        p = subprocess.run(cmd, capture_output=True, text=True)
        # Inputs the pass rejects (existing frees, unstructured loops, ...)
        # and inputs that are not valid IR have no output to check.
        if p.returncode != 0 or "func.func" not in p.stdout:
            continue
        out = os.path.join(tmp, f"{i}-{kind}.mlir")
        with open(out, "w") as f:
            f.write(p.stdout)
        outputs[kind].append((path, out))

found = 0
for kind, pairs in outputs.items():
    if not pairs:
        continue
    stage = "deallocated" if kind == "pipeline" else "auto"
    p = subprocess.run([bufferlens, "lint", "--stage", stage, "--format", "json",
                        "--jobs", "2"] + [o for _, o in pairs],
                       capture_output=True, text=True)
    report = json.loads(p.stdout)
    source = {o: src for src, o in pairs}
    for finding in report["findings"]:
        code = finding.get("code", "")
        if code in ("BL101", "BL102", "BL103", "BL104") or "precision" in finding["message"]:
            found += 1
            print(f"{kind}: {source.get(finding['file'], finding['file'])}: {code} "
                  f"{finding['message']}")
print(f"converted: {len(outputs['pipeline'])} pipeline, {len(outputs['classic'])} classic")
print(f"checker findings: {found}")
