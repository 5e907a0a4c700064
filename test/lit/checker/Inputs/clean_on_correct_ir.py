#!/usr/bin/env python3
"""Correct deallocations must lint clean: for every .mlir file under the
given directories, lint the output of `mlir-opt --buffer-deallocation-pipeline`
(with --stage deallocated: every function of it is past deallocation) and of
`bufferlens rewrite --strategy classic` (with the automatic stage: the rewrite
leaves functions it cannot handle, e.g. with unstructured loops, unchanged
and freeing nothing), and count BL101..BL104 findings.

usage: clean_on_correct_ir.py [--pipeline-by-bufferlens] [--abi]
                              [--pipeline-only] BUFFERLENS MLIR_OPT DIR...
--pipeline-by-bufferlens takes the pipeline's output from `bufferlens
rewrite --strategy ownership` (the same text, but refusing the functions
MLIR 22's pass reads freed memory on); --abi also counts BL105 (for inputs
that keep the function-boundary ABI); --pipeline-only skips the classic
rewrite (which, like the pass it reproduces, frees only what an op
allocates, never a call's result).
Prints one line per finding (file, code, message), then
`converted: N pipeline, M classic` and `checker findings: K`."""
import json
import os
import re
import subprocess
import sys
import tempfile

args = sys.argv[1:]
pipeline_by_bufferlens = "--pipeline-by-bufferlens" in args
codes = ("BL101", "BL102", "BL103", "BL104") + (("BL105",) if "--abi" in args else ())
args = [a for a in args if not a.startswith("--")]
bufferlens, mlir_opt, dirs = args[0], args[1], args[2:]
files = sorted(os.path.join(root, f) for d in dirs for root, _, names in os.walk(d)
               for f in names if f.endswith(".mlir"))
tmp = tempfile.mkdtemp(prefix="bl-clean-")
outputs = {"pipeline": [], "classic": []}
for i, path in enumerate(files):
    # Files that already free memory are not inputs of deallocation (the
    # checker's own tests free wrongly on purpose).
    with open(path, encoding="utf-8", errors="replace") as f:
        raw = f.read()
    # An input that says why it is not one for this sweep (e.g. the classic
    # strategy frees no call result, by design) is left out.
    if "// clean-on-correct-ir: skip" in raw:
        continue
    code = "\n".join(line.split("//")[0] for line in raw.splitlines())
    if re.search(r"\b(memref|bufferization)\.dealloc\b", code):
        continue
    pipeline = ([bufferlens, "rewrite", "--strategy", "ownership", path]
                if pipeline_by_bufferlens
                else [mlir_opt, "--buffer-deallocation-pipeline", path])
    kinds = [("pipeline", pipeline)]
    if "--pipeline-only" not in sys.argv:
        kinds.append(("classic", [bufferlens, "rewrite", "--strategy", "classic", path]))
    for kind, cmd in kinds:
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
        if code in codes or "precision" in finding["message"]:
            found += 1
            print(f"{kind}: {source.get(finding['file'], finding['file'])}: {code} "
                  f"{finding['message']}")
print(f"converted: {len(outputs['pipeline'])} pipeline, {len(outputs['classic'])} classic")
print(f"checker findings: {found}")
