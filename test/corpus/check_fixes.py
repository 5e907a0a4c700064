#!/usr/bin/env python3
"""Every fix the corpus offers applies and gives IR upstream parses.

For every corpus chunk (corpus.py's groups, each in its stage) whose lint
reports a finding with a fix, a copy is fixed with `bufferlens lint --fix`;
the fixed copy must parse and verify with `mlir-opt`, and lint on it must
no longer report a fixed finding (same code and message at the line the
fix left it on is not checked: the fix moves lines; the count of that code
must drop).

usage: check_fixes.py BUFFERLENS MLIR_OPT WORK_DIR
prints one line per chunk with fixes and exits 1 on any failure.
"""
import collections
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import corpus  # noqa: E402


def lint_json(bufferlens, flags, path):
    p = subprocess.run([bufferlens, "lint", "--format", "json", *flags, path],
                       capture_output=True, text=True)
    return json.loads(p.stdout)["findings"]


def main():
    if len(sys.argv) != 4:
        sys.stderr.write(__doc__)
        return 2
    bufferlens, mlir_opt, work = sys.argv[1:]
    work = os.path.realpath(work)
    if work == HERE or work.startswith(HERE + os.sep):
        sys.stderr.write(f"check_fixes.py: WORK_DIR must be outside {HERE}\n")
        return 2
    failed = 0
    checked = 0
    seen = set()
    for name, chunks, flags in corpus.prepare(os.path.join(work, "chunks")):
        fixed_dir = os.path.join(work, "fixed", os.path.basename(chunks))
        os.makedirs(fixed_dir, exist_ok=True)
        findings = lint_json(bufferlens, flags, chunks)
        by_file = collections.defaultdict(list)
        for finding in findings:
            if finding.get("fixes"):
                by_file[finding["file"]].append(finding)
        for path in sorted(by_file):
            key = (open(path, encoding="utf-8").read(), tuple(flags))
            if key in seen:
                continue
            seen.add(key)
            checked += 1
            copy = os.path.join(fixed_dir, os.path.basename(path))
            shutil.copy(path, copy)
            subprocess.run([bufferlens, "lint", "--fix", *flags, copy],
                           capture_output=True, text=True)
            problems = []
            with open(path, encoding="utf-8") as a, \
                    open(copy, encoding="utf-8") as b:
                if a.read() == b.read():
                    problems.append("--fix changed nothing")
            p = subprocess.run([mlir_opt, copy, "-o", os.devnull],
                               capture_output=True, text=True)
            if p.returncode != 0:
                problems.append("mlir-opt: " + p.stderr.strip().splitlines()[0])
            before = collections.Counter(f["code"] for f in by_file[path])
            after = collections.Counter(
                f["code"] for f in lint_json(bufferlens, flags, copy)
                if f.get("fixes"))
            for code, count in before.items():
                if after[code] >= count:
                    problems.append(f"{code}: {after[code]} fixable left of {count}")
            rel = os.path.relpath(path, chunks)
            codes = ",".join(sorted(before))
            if problems:
                failed += 1
                print(f"FAIL {name}: {rel} ({codes}): " + "; ".join(problems))
            else:
                print(f"ok {name}: {rel} ({codes})")
    print(f"{checked} chunks with fixes, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
