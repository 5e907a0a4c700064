#!/usr/bin/env python3
"""Splits corpus files at `// -----` for `bufferlens lint --verify`.

Upstream MLIR tests hold many independent modules in one file, separated by
`// -----` lines (mlir-opt's --split-input-file). BufferLens lints one module
per file, so each chunk is written to a file of its own in which every line
of the other chunks is blank: line numbers stay those of the corpus file, so
findings and `// expected-...` annotations keep their places.

An annotation with an absolute line (`// expected-error@27 {{...}}`) goes to
the chunk holding line 27, wherever it is written: annotations of generated
files are appended at the file's end (see README.md).

Usage: split_chunks.py OUT_DIR ROOT FILE...
Each FILE (under ROOT) becomes OUT_DIR/<path relative to ROOT, with / -> __>
.<chunk number>.mlir.
"""
import os
import re
import sys

SEPARATOR = re.compile(r"^// -----\s*$")
ABSOLUTE = re.compile(r"expected-(?:error|warning|remark|note)\s*@([0-9]+)\b")


def chunks_of(lines):
    """Chunk index of each line (separators belong to no chunk: -1)."""
    index, owner = 0, []
    for line in lines:
        if SEPARATOR.match(line):
            owner.append(-1)
            index += 1
        else:
            owner.append(index)
    return owner, index + 1


def main(argv):
    if len(argv) < 4:
        sys.stderr.write(__doc__)
        return 2
    out_dir, root, files = argv[1], argv[2], argv[3:]
    os.makedirs(out_dir, exist_ok=True)
    for path in files:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        owner, count = chunks_of(lines)
        # Route absolute annotations to the chunk of the line they name.
        for i, line in enumerate(lines):
            m = ABSOLUTE.search(line)
            if m and owner[i] >= 0:
                target = int(m.group(1)) - 1
                if 0 <= target < len(lines) and owner[target] >= 0:
                    owner[i] = owner[target]
        name = os.path.relpath(path, root).replace(os.sep, "__")
        for chunk in range(count):
            text = "\n".join(l if owner[i] == chunk else ""
                             for i, l in enumerate(lines))
            if not text.strip():
                continue
            with open(os.path.join(out_dir, f"{name}.{chunk}.mlir"), "w",
                      encoding="utf-8") as f:
                f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
