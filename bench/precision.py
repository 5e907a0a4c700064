#!/usr/bin/env python3
"""Precision on the corpus (test/corpus/README.md): per finding code and
severity, how many findings BufferLens reports on the whole corpus and how
many of them are annotated as expected (test/corpus/expected/: each with the
reason it is true). Error and warning findings that are not expected are
false alarms; `corpus.test` fails on any. Info and hint findings (advice,
not claims of a defect) are counted but never annotated.

usage: bench/precision.py [BUFFERLENS]   (default: build/bin/bufferlens)
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "test", "corpus"))
import corpus  # noqa: E402

ANNOTATION = re.compile(
    r"expected-(error|warning|remark)@([0-9]+)\s*\{\{(.*?)\}\}")


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "bufferlens", nargs="?",
        default=os.path.join(ROOT, "build", "bin", "bufferlens"),
        help="the bufferlens binary (default: build/bin/bufferlens)")
    bufferlens = parser.parse_args().bufferlens
    work = tempfile.mkdtemp(prefix="bl-precision-")
    found = collections.Counter()
    expected = collections.Counter()
    pending = collections.Counter()
    # Expected findings that are false alarms waiting for a fix elsewhere:
    # the annotation follows a `FALSE ALARM (pending): ...` comment.
    pending_at = set()
    expected_dir = os.path.join(ROOT, "test", "corpus", "expected")
    for base, _, names in os.walk(expected_dir):
        for n in names:
            path = os.path.join(base, n)
            rel = os.path.relpath(path, expected_dir)
            lines = open(path, encoding="utf-8").read().split("\n")
            for previous, line in zip(lines, lines[1:]):
                m = ANNOTATION.search(line)
                if m and "FALSE ALARM (pending)" in previous:
                    pending_at.add((rel, int(m.group(2))))
    chunks = files = 0
    functions = 0
    for name, chunk_dir, flags in corpus.prepare(work):
        names = sorted(os.listdir(chunk_dir))
        chunks += len(names)
        files += len({n.rsplit(".", 2)[0] for n in names})
        for n in names:
            with open(os.path.join(chunk_dir, n), encoding="utf-8") as f:
                functions += len(re.findall(r"^\s*func\.func\s", f.read(), re.M))
        p = subprocess.run([bufferlens, "lint", "--format", "json", *flags,
                            chunk_dir], capture_output=True, text=True)
        report = json.loads(p.stdout)
        for finding in report["findings"]:
            key = (finding["code"] or "(note)", finding["severity"])
            found[key] += 1
            with open(finding["file"], encoding="utf-8") as f:
                annotations = ANNOTATION.findall(f.read())
            text = finding["message"] + (
                f" [{finding['code']}]" if finding["code"] else "")
            kind = {"error": "error", "warning": "warning"}.get(
                finding["severity"], "remark")
            if any(k == kind and int(line) == finding["line"] and t in text
                   for k, line, t in annotations):
                expected[key] += 1
                rel = os.path.basename(finding["file"]).rsplit(".", 2)[0]
                if (rel.replace("__", os.sep), finding["line"]) in pending_at:
                    pending[key] += 1
    print(f"corpus: {files} files, {chunks} chunks, {functions} func.func ops")
    print(f"{'code':8} {'severity':9} {'found':>6} {'expected':>9} "
          f"{'pending':>8} {'false':>6}")
    false_alarms = 0
    for key in sorted(found):
        code, severity = key
        unexpected = found[key] - expected[key]
        claim = severity in ("error", "warning")
        if claim:
            false_alarms += unexpected
        print(f"{code:8} {severity:9} {found[key]:6} {expected[key]:9} "
              f"{pending[key]:8} {unexpected if claim else '-':>6}")
    print(f"error/warning findings not expected (false alarms): {false_alarms}")
    print(f"expected only until a pending fix lands (FALSE ALARM (pending)): "
          f"{sum(pending.values())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
