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

    # Back to front, so earlier offsets stay valid.
    for edit in sorted(edits, key=lambda e: offset(e["range"]["start"]),
                       reverse=True):
        text = (text[:offset(edit["range"]["start"])] + edit["newText"] +
                text[offset(edit["range"]["end"]):])
    return text


def apply(text, report, code):
    edits = []
    for finding in report["findings"]:
        if code and finding["code"] != code:
            continue
        for fix in finding["fixes"]:
            edits.extend(fix["edits"])
    return apply_edits(text, edits)


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
