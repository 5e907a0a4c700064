#!/usr/bin/env python3
"""The fixes of `bufferlens lint --format json`, for lit tests.

usage: fixes.py show LINT.json
           one line per fix (`CODE LINE:COL title`, the finding's position)
           and one per edit (`  edit L:C-L:C "newText"`), lines and columns
           1-based like the text format, newText JSON-escaped
       fixes.py apply SOURCE LINT.json [CODE]
           SOURCE with every fix (of findings with CODE) applied

The inputs are ASCII, so LSP's UTF-16 columns are byte columns.
"""

import json
import sys


def position(p):
    return "%d:%d" % (p["line"] + 1, p["character"] + 1)


def show(report):
    for finding in report["findings"]:
        for fix in finding["fixes"]:
            print("%s %d:%d %s" % (finding["code"], finding["line"],
                                   finding["column"], fix["title"]))
            for edit in fix["edits"]:
                print("  edit %s-%s %s" % (position(edit["range"]["start"]),
                                           position(edit["range"]["end"]),
                                           json.dumps(edit["newText"])))


def apply_edits(text, edits):
    """`text` with LSP-shaped text edits ({range: {start, end}, newText})
    applied; positions are line/character, characters counted in the
    text's units (the inputs are ASCII, so UTF-16 units are bytes)."""
    lines = text.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)

    def offset(p):
        return starts[p["line"]] + p["character"]

    # Back to front, so earlier offsets stay valid; insertions at one
    # offset end up in the order of `edits`.
    order = sorted(range(len(edits)),
                   key=lambda i: (offset(edits[i]["range"]["start"]), i),
                   reverse=True)
    for edit in (edits[i] for i in order):
        text = (text[:offset(edit["range"]["start"])] + edit["newText"] +
                text[offset(edit["range"]["end"]):])
    return text


def apply(text, report, code):
    """The rule of `lint --fix` (cli/ApplyFixes.h): each finding's first fix,
    in the order of the first position it edits; a fix with an edit that
    overlaps an edit already taken is skipped, and said on stderr."""
    def key(p):
        return (p["line"], p["character"])

    fixes = []
    for finding in report["findings"]:
        if (code and finding["code"] != code) or not finding["fixes"]:
            continue
        fix = finding["fixes"][0]
        fixes.append((min(key(e["range"]["start"]) for e in fix["edits"]),
                      len(fixes), fix))
    taken = []
    for _, _, fix in sorted(fixes, key=lambda f: (f[0], f[1])):
        if any(key(e["range"]["start"]) < key(t["range"]["end"]) and
               key(t["range"]["start"]) < key(e["range"]["end"])
               for e in fix["edits"] for t in taken):
            print("skipped overlapping fix: %s" % fix["title"],
                  file=sys.stderr)
            continue
        taken.extend(fix["edits"])
    return apply_edits(text, taken)


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "show":
        with open(sys.argv[2]) as f:
            show(json.load(f))
        return 0
    if len(sys.argv) in (4, 5) and sys.argv[1] == "apply":
        with open(sys.argv[2]) as f:
            text = f.read()
        with open(sys.argv[3]) as f:
            report = json.load(f)
        code = sys.argv[4] if len(sys.argv) == 5 else None
        sys.stdout.write(apply(text, report, code))
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
