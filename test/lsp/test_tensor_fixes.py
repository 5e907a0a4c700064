#!/usr/bin/env python3
"""The tensor view's quick fixes over LSP (analysis/tensorfixes/): on
inputs/tensor_fixes.mlir, `textDocument/codeAction` on a BL501 or BL502
range returns the exact edit ("move reads before the write",
`tensor.empty` -> `tensor.extract_slice`), the same edit as `lint --format
json` offers; applied as a client applies it, the next publish has the
finding gone and nothing new; and upstream's One-Shot Bufferize allocates
less in the fixed text than in the original (mlir-opt, which nobody here
wrote, decides). Where no fix is proven (the clone at a return, a
`tensor.empty` that is not inserted into a slice) none is offered.

usage: test_tensor_fixes.py --bufferlens PATH --source-dir DIR
       [--mlir-opt PATH] [unittest args]
"""

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import protocol_helpers  # noqa: E402
from protocol_helpers import FeatureTest, lint_json, read, rng  # noqa: E402

README = "README.md#"

# The diagnostics of the input as written, in order: (code, range).
EMPTY_READ = rng(6, 7, 6, 19)  # @read_after_write's tensor.empty
INSERT = rng(8, 7, 8, 20)  # its tensor.insert, which copies %t
EMPTY_SLICE = rng(16, 7, 16, 19)  # @fill_slice's tensor.empty
RETURN_SLICE = rng(19, 2, 19, 8)  # @fill_slice's return
BEFORE = [("BL301", EMPTY_READ), ("BL502", EMPTY_READ),
          ("BL501", INSERT), ("BL502", INSERT),
          ("BL301", EMPTY_SLICE), ("BL502", EMPTY_SLICE),
          ("BL502", RETURN_SLICE)]

MOVE_TITLE = ("Read `%t` before `tensor.insert` writes it (move "
              "`tensor.extract` up): the write then needs no copy")
SLICE_TITLE = ("Compute into the slice of %dest that `tensor.insert_slice` "
               "fills (as --eliminate-empty-tensors does): no new buffer")


def apply_edits(text, edits):
    """`edits` (non-overlapping, in document order) applied to `text`."""
    lines = text.split("\n")

    def offset(p):
        return sum(len(l) + 1 for l in lines[:p["line"]]) + p["character"]

    for e in sorted(edits, key=lambda e: offset(e["range"]["start"]),
                    reverse=True):
        start, end = offset(e["range"]["start"]), offset(e["range"]["end"])
        text = text[:start] + e["newText"] + text[end:]
    return text


def upstream_effects(text, function):
    """The `memref.alloc` and `memref.copy` ops of @function in mlir-opt's
    `--one-shot-bufferize=bufferize-function-boundaries` output."""
    out = subprocess.run(
        [protocol_helpers.ARGS.mlir_opt,
         "--one-shot-bufferize=bufferize-function-boundaries", "-"],
        input=text, capture_output=True, text=True, check=True).stdout
    body = re.search(r"func\.func @%s\(.*?\n  }\n" % function, out,
                     re.S).group(0)
    return (body.count("memref.alloc"), body.count("memref.copy"))


class TensorFixesTest(FeatureTest):
    def path(self):
        return self.inputs("tensor_fixes.mlir")

    def open_program(self):
        c = self.start()
        path = self.path()
        uri = protocol_helpers.uri_of(path)
        c.open(uri, read(path))
        d = c.diagnostics(uri)["diagnostics"]
        self.assertEqual([(x["code"], x["range"]) for x in d], BEFORE)
        return c, uri

    def quick_fixes(self, c, uri, range_):
        return c.call("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": range_,
            "context": {"diagnostics": [], "only": ["quickfix"]}})["result"]

    def only_fix(self, c, uri, range_, title, diagnostics):
        """The one quick fix at `range_`: preferred, with `title`, on the
        diagnostics `diagnostics` ((code, range) pairs)."""
        actions = self.quick_fixes(c, uri, range_)
        self.assertEqual(len(actions), 1, actions)
        action = actions[0]
        self.assertEqual(action["title"], title)
        self.assertEqual(action["kind"], "quickfix")
        self.assertEqual(action["isPreferred"], True)
        self.assertEqual([(d["code"], d["range"])
                          for d in action["diagnostics"]], diagnostics)
        return action

    def lint_fix(self, line, character):
        """The fix `lint --format json` gives the finding at a position."""
        for f in lint_json(self.path())["findings"]:
            if (f["range"]["start"]["line"] == line
                    and f["range"]["start"]["character"] == character
                    and f["fixes"]):
                return f["fixes"]
        return []

    def test_move_reads_before_write(self):
        c, uri = self.open_program()
        action = self.only_fix(c, uri, INSERT, MOVE_TITLE,
                               [("BL501", INSERT)])
        self.assertTrue(action["diagnostics"][0]["codeDescription"]["href"]
                        .endswith(README + "bl501"))
        # The read's line goes above the write; its old line goes.
        edits = [
            {"range": rng(8, 0, 8, 0),
             "newText": "  %r = tensor.extract %t[%c0] : tensor<8xf32>\n"},
            {"range": rng(9, 0, 10, 0), "newText": ""}]
        self.assertEqual(action["edit"], {"changes": {uri: edits}})
        self.assertEqual(self.lint_fix(8, 7),
                         [{"title": MOVE_TITLE, "edits": edits}])
        # Applied: the copy (BL501) and its allocation (BL502) are gone and
        # nothing new appears; the write now takes the line the read had.
        # The buffer of %e is then returned, so it no longer stays in its
        # block: its stack promotion (BL301) goes too.
        d = protocol_helpers.apply_action(c, uri, action, 2)
        self.assertEqual([(x["code"], x["range"]) for x in d],
                         [("BL502", EMPTY_READ),
                          ("BL301", EMPTY_SLICE), ("BL502", EMPTY_SLICE),
                          ("BL502", RETURN_SLICE)])
        self.assertEqual(self.quick_fixes(c, uri, rng(9, 7, 9, 20)), [])
        # Upstream agrees: one allocation and one copy fewer.
        fixed = apply_edits(read(self.path()), edits)
        self.assertEqual(upstream_effects(read(self.path()),
                                          "read_after_write"), (2, 1))
        self.assertEqual(upstream_effects(fixed, "read_after_write"), (1, 0))

    def test_empty_into_destination(self):
        c, uri = self.open_program()
        action = self.only_fix(c, uri, EMPTY_SLICE, SLICE_TITLE,
                               [("BL502", EMPTY_SLICE)])
        # `tensor.empty() : tensor<4x8xf32>` becomes the slice of %dest
        # the insert fills.
        edits = [{"range": rng(16, 7, 16, 39),
                  "newText": "tensor.extract_slice %dest[%i, 0] [4, 8] "
                             "[1, 1] : tensor<16x16xf32> to tensor<4x8xf32>"}]
        self.assertEqual(action["edit"], {"changes": {uri: edits}})
        self.assertEqual(self.lint_fix(16, 7),
                         [{"title": SLICE_TITLE, "edits": edits}])
        # Applied: the allocation (BL502) and its stack promotion (BL301)
        # are gone; the clone of the returned %dest stays (the fix does not
        # touch it).
        d = protocol_helpers.apply_action(c, uri, action, 2)
        self.assertEqual([(x["code"], x["range"]) for x in d],
                         [("BL301", EMPTY_READ), ("BL502", EMPTY_READ),
                          ("BL501", INSERT), ("BL502", INSERT),
                          ("BL502", RETURN_SLICE)])
        self.assertEqual(self.quick_fixes(c, uri, rng(16, 7, 16, 27)), [])
        # Upstream agrees: its bufferization of @fill_slice no longer
        # allocates. The insert_slice's copy into the subview of %dest is
        # there either way (the op's own copy, not a finding: after the fix
        # it copies the slice onto itself).
        fixed = apply_edits(read(self.path()), edits)
        self.assertEqual(upstream_effects(read(self.path()), "fill_slice"),
                         (1, 1))
        self.assertEqual(upstream_effects(fixed, "fill_slice"), (0, 1))

    def test_fixes_are_tried_only_when_asked_for(self):
        # The diagnostics are published by an analysis that tried no fix:
        # proving one analyses the text again, and only a code action
        # shows it.
        c, uri = self.open_program()
        log = c.log_with("analysed " + uri)
        self.assertIn("analysed " + uri + " version 1", log)
        self.assertNotIn("tensor fixes of", log)
        # Asked for refactorings only, no fix is tried either.
        c.call("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": INSERT,
            "context": {"diagnostics": [], "only": ["refactor"]}})
        self.assertNotIn("tensor fixes of", "".join(c.stderr_lines))
        # Asked for quick fixes at the BL501 and BL502 of the insert, the
        # fixes are tried then, and the action is the one lint offers.
        actions = self.quick_fixes(c, uri, INSERT)
        self.assertEqual([a["title"] for a in actions], [MOVE_TITLE])
        self.assertEqual(self.lint_fix(8, 7)[0]["edits"],
                         actions[0]["edit"]["changes"][uri])
        log = c.log_with("tensor fixes of")
        # The whole document was analysed (it is small): its 5 BL501 and
        # BL502, of which 2 have a fix.
        self.assertRegex(log, "tensor fixes of %s version 1: 2 of 5 findings "
                         "fixed, from the whole document in [0-9]+ ms\n"
                         % re.escape(uri))
        # Asked again, the same version's fixes are not tried again.
        self.assertEqual(self.quick_fixes(c, uri, INSERT), actions)
        self.assertEqual("".join(c.stderr_lines).count("tensor fixes of"), 1)
        # So were the other ranges' fixes of the version.
        self.assertEqual([a["title"] for a in
                          self.quick_fixes(c, uri, EMPTY_SLICE)],
                         [SLICE_TITLE])
        self.assertEqual("".join(c.stderr_lines).count("tensor fixes of"), 1)

    def test_fixes_of_the_operations_asked_about_alone(self):
        # Where a document is large enough for diagnostics in two steps
        # (here every document), the fixes come from the analysis of the
        # operations the range touches alone, as an edit's: the same
        # action as from the whole document.
        c = self.start(options={"earlyDiagnosticsBytes": 0})
        uri = protocol_helpers.uri_of(self.path())
        c.open(uri, read(self.path()))
        c.diagnostics(uri)
        actions = self.quick_fixes(c, uri, EMPTY_SLICE)
        self.assertEqual([a["title"] for a in actions], [SLICE_TITLE])
        self.assertEqual(self.lint_fix(16, 7)[0]["edits"],
                         actions[0]["edit"]["changes"][uri])
        self.assertRegex(c.log_with("tensor fixes of"),
                         "tensor fixes of %s version 1: 1 of 1 findings "
                         "fixed, from 1 of 2 top-level operations"
                         % re.escape(uri))

    def test_no_fix_where_none_is_proven(self):
        c, uri = self.open_program()
        # The clone ownership-based deallocation adds at @fill_slice's
        # return, and @read_after_write's tensor.empty (filled, then
        # written: not the source of an insert_slice).
        self.assertEqual(self.quick_fixes(c, uri, RETURN_SLICE), [])
        self.assertEqual(self.quick_fixes(c, uri, EMPTY_READ), [])


if __name__ == "__main__":
    protocol_helpers.main()
