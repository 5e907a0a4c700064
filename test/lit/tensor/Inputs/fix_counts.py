#!/usr/bin/env python3
"""Allocations and copies of upstream One-Shot Bufferize, before and after
a fix.

usage: fix_counts.py MLIR_OPT BEFORE.mlir AFTER.mlir

Runs `MLIR_OPT --one-shot-bufferize=bufferize-function-boundaries` on both
files and prints, per function, `@f: A allocs, C copies -> A' allocs, C'
copies` with `fewer` when the fixed function has fewer of both together,
`same` when it has as many. Exits 1 when a function has more after the fix
or a file does not bufferize.
"""
import re
import subprocess
import sys

FUNC = re.compile(r'^\s*func\.func (?:private )?@([\w.$-]+)')


def counts(mlir_opt, path):
    p = subprocess.run([mlir_opt, path,
                        "--one-shot-bufferize=bufferize-function-boundaries"],
                       capture_output=True, text=True)
    if p.returncode != 0:
        sys.stderr.write(p.stderr)
        sys.exit(1)
    out = {}
    name = None
    for line in p.stdout.splitlines():
        m = FUNC.match(line)
        if m:
            name = m.group(1)
            out[name] = [0, 0]
        elif name and "= memref.alloc(" in line:
            out[name][0] += 1
        elif name and re.search(r'\bmemref\.copy ', line):
            out[name][1] += 1
    return out


def main():
    if len(sys.argv) != 4:
        sys.stderr.write(__doc__)
        return 2
    before = counts(sys.argv[1], sys.argv[2])
    after = counts(sys.argv[1], sys.argv[3])
    status = 0
    for name, (allocs, copies) in before.items():
        allocs2, copies2 = after.get(name, [0, 0])
        if allocs2 + copies2 < allocs + copies:
            verdict = "fewer"
        elif allocs2 + copies2 == allocs + copies:
            verdict = "same"
        else:
            verdict = "MORE"
            status = 1
        print("@%s: %d allocs, %d copies -> %d allocs, %d copies: %s" %
              (name, allocs, copies, allocs2, copies2, verdict))
    return status


if __name__ == "__main__":
    sys.exit(main())
