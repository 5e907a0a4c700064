#!/usr/bin/env python3
"""The corpus's lint groups, shared by its lit test and bench/precision.py.

Each group is a set of corpus files linted in one stage (README.md beside
this script says why each file is in its stage). Files are cut at `// -----`
(split_chunks.py) after the lines of their annotation file, if any, are
appended: expected/<same path> holds the `// expected-...@LINE {{...}}`
annotations of a corpus file, each with the reason it is true, so that
upstream files stay as copied and generated files as generated.

usage: corpus.py verify BUFFERLENS WORK_DIR
  lints every group with --verify (info and hint codes off: the test is
  about error and warning findings) and exits 1 on any failure.
"""
import glob
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import split_chunks  # noqa: E402

DYNAMIC = {"privateFunctionDynamicOwnership": True}

# (name, files relative to HERE, --stage, configuration)
GROUPS = [
    ("upstream inputs", ["upstream/OwnershipBasedBufferDeallocation/*.mlir",
                         "upstream/MemRef/*.mlir"], "bufferized", {}),
    ("upstream One-Shot Bufferize inputs (tensor level)",
     ["upstream/one-shot/*.mlir"], "auto", {}),
    ("upstream One-Shot Bufferize output", ["upstream-bufferized/*.mlir"],
     "bufferized", {}),
    ("upstream classic test", ["upstream/buffer-deallocation.mlir"], "auto", {}),
    ("upstream deallocated IR", ["upstream/buffer-deallocation-simplification.mlir",
                                 "upstream/lower-deallocations.mlir"],
     "deallocated", {}),
    ("upstream pipeline output", ["upstream-dealloc/*[!c].mlir"], "deallocated", {}),
    ("upstream pipeline output, dynamic ownership",
     ["upstream-dealloc/*.dynamic.mlir"], "deallocated", DYNAMIC),
    ("programs, tensor level", ["programs/*.mlir"], "auto", {}),
    ("programs, bufferized", ["programs/bufferized/*.mlir"], "bufferized", {}),
    ("programs, pipeline output", ["programs/dealloc/*.mlir"], "deallocated", {}),
    ("programs, pipeline output, dynamic ownership",
     ["programs/dealloc-dynamic/*.mlir"], "deallocated", DYNAMIC),
    # The dynamic-ownership outputs again without the setting: BL105 reads
    # the ABI off the IR (analysis/ownership/DynamicOwnershipAbi.h), so the
    # same annotations hold.
    ("upstream pipeline output, dynamic ownership, without the setting",
     ["upstream-dealloc/*.dynamic.mlir"], "deallocated", {}),
    ("programs, pipeline output, dynamic ownership, without the setting",
     ["programs/dealloc-dynamic/*.mlir"], "deallocated", {}),
]

# BL501 (a copy; a warning inside a loop, a cost rather than a defect) and
# BL502 are checked against upstream's bufferized output line for line
# instead (test/lit/tensor/corpus.test, compare_bufferized.py).
QUIET_CODES = ["BL201", "BL202", "BL301", "BL302", "BL303", "BL501", "BL502"]


def files_of(patterns):
    out = []
    for pattern in patterns:
        for path in sorted(glob.glob(os.path.join(HERE, pattern))):
            if pattern.startswith("upstream-dealloc/*[!c]") and path.endswith(".dynamic.mlir"):
                continue
            out.append(path)
    return out


def prepare(work):
    """Writes each group's chunks (with their annotations) under `work`;
    returns [(name, chunk dir, lint flags)]."""
    import json
    import shutil
    prepared = []
    for i, (name, patterns, stage, config) in enumerate(GROUPS):
        merged = os.path.join(work, f"merged{i}")
        chunks = os.path.join(work, f"group{i}")
        shutil.rmtree(merged, ignore_errors=True)
        shutil.rmtree(chunks, ignore_errors=True)
        paths = []
        for path in files_of(patterns):
            rel = os.path.relpath(path, HERE)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            notes = os.path.join(HERE, "expected", rel)
            if os.path.exists(notes):
                with open(notes, encoding="utf-8") as f:
                    text = text.rstrip("\n") + "\n" + f.read()
            out = os.path.join(merged, rel)
            os.makedirs(os.path.dirname(out), exist_ok=True)
            with open(out, "w", encoding="utf-8") as f:
                f.write(text)
            paths.append(out)
        split_chunks.main(["split_chunks.py", chunks, merged] + paths)
        flags = ["--stage", stage]
        if config:
            config_path = os.path.join(work, f"config{i}.json")
            with open(config_path, "w") as f:
                json.dump(config, f)
            flags += ["--config", config_path]
        prepared.append((name, chunks, flags))
    return prepared


def verify(bufferlens, work):
    failed = False
    for name, chunks, flags in prepare(work):
        cmd = [bufferlens, "lint", "--verify", *flags]
        for code in QUIET_CODES:
            cmd += ["--disable", code]
        p = subprocess.run(cmd + [chunks], capture_output=True, text=True)
        count = len(os.listdir(chunks))
        print(f"{name}: {count} chunks, --verify exit {p.returncode}")
        if p.returncode != 0:
            failed = True
            sys.stdout.write(p.stdout + p.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] != "verify":
        sys.stderr.write(__doc__)
        sys.exit(2)
    work = os.path.realpath(sys.argv[3])
    if work == HERE or work.startswith(HERE + os.sep):
        # The chunks would be linted again as corpus files and could be
        # committed with it.
        sys.stderr.write(f"corpus.py: WORK_DIR must be outside {HERE}\n")
        sys.exit(2)
    sys.exit(verify(sys.argv[2], sys.argv[3]))
