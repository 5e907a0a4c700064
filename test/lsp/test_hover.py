#!/usr/bin/env python3
"""textDocument/hover against `bufferlens explain`: both are the hover
feature of ide/ (ide/Hover.cpp), so at every name of every example the
editor's hover and the CLI's explanation are the same text, and where the
hover has nothing, `explain` says so.

usage: test_hover.py --bufferlens PATH --source-dir DIR [unittest args]
"""

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import protocol_helpers  # noqa: E402
from protocol_helpers import FeatureTest, explain, pos, read, rng  # noqa

# The names a hover answers for: values, blocks and operation names.
NAME = re.compile(r"%[A-Za-z0-9_$.-]+|\^[A-Za-z0-9_$.-]+|"
                  r"\b[a-z_]+\.[a-z_][a-z_.]*")


def names(text):
    """(line, character) of the first character of every name, outside
    comments (0-based; the examples are ASCII, so bytes = UTF-16)."""
    out = []
    for line_number, line in enumerate(text.split("\n")):
        code = line.split("//", 1)[0]
        for m in NAME.finditer(code):
            out.append((line_number, m.start()))
    return out


class HoverTest(FeatureTest):
    def test_hover_matches_explain(self):
        c = self.start()
        path = self.example("condBranch.mlir")
        uri = self.opened(c, path)
        # %0 at its definition (line 17, 1-based) and in a use; ^bb3 and
        # ^bb2; the op names memref.alloc and cf.br (a terminator).
        for line, col in [(16, 3), (18, 13), (19, 1), (12, 27), (16, 10),
                          (18, 3)]:
            h = c.call("textDocument/hover", {
                "textDocument": {"uri": uri}, "position": pos(line, col)})
            self.assertEqual(h["result"]["contents"],
                             {"kind": "markdown",
                              "value": explain(path, line + 1, col + 1)},
                             (line, col))
        self.assertEqual(c.call("textDocument/hover", {
            "textDocument": {"uri": uri}, "position": pos(16, 3)})
            ["result"]["range"], rng(16, 2, 16, 4))
        # Whitespace: no hover.
        self.assertIsNone(c.call("textDocument/hover", {
            "textDocument": {"uri": uri}, "position": pos(11, 0)})["result"])

    def test_hover_on_a_finding_shows_its_path(self):
        # The double free in leak.mlir (line 17): the op's explanation, then
        # the finding with its steps, numbered, each with its line.
        c = self.start()
        path = self.inputs("leak.mlir")
        uri = self.opened(c, path)
        h = c.call("textDocument/hover", {
            "textDocument": {"uri": uri}, "position": pos(16, 5)})["result"]
        value = h["contents"]["value"]
        self.assertEqual(value, explain(path, 17, 6))
        self.assertTrue(value.endswith(
            "\n---\n\n"
            "**BL102** double free of %a: ^bb0\n\n"
            "1. line 15: %a is allocated here\n"
            "2. line 16: %a is freed here\n"
            "3. line 17: %a is freed again here\n"), value)
        self.assertEqual(h["range"], rng(16, 2, 16, 16))
        # The leak, at its value: the path after what the value is.
        value = c.call("textDocument/hover", {
            "textDocument": {"uri": uri},
            "position": pos(2, 3)})["result"]["contents"]["value"]
        self.assertIn(
            "**BL101** %buf leaks when %cond is false: "
            "^bb0 -> ^keep -> ^exit -> return\n\n"
            "1. line 3: %buf is allocated here\n"
            "2. line 4: branching to ^keep (%cond is false)\n"
            "3. line 11: leaves the function here without freeing %buf\n",
            value)

    def test_explain_prints_the_hover_at_every_name_of_the_examples(self):
        c = self.start()
        answered = 0
        for path in self.examples():
            uri = self.opened(c, path)
            for line, col in names(read(path)):
                where = "%s:%d:%d" % (os.path.basename(path), line + 1,
                                      col + 1)
                h = c.call("textDocument/hover", {
                    "textDocument": {"uri": uri},
                    "position": pos(line, col)})["result"]
                cli = subprocess.run(
                    [protocol_helpers.ARGS.bufferlens, "explain",
                     "%s:%d:%d" % (path, line + 1, col + 1)],
                    capture_output=True, text=True)
                if h is None:
                    # Types and attributes spelt like op names (`memref.x`
                    # in a type) have no hover; explain says so.
                    self.assertEqual(cli.returncode, 1, where)
                    self.assertEqual(cli.stdout, "", where)
                    self.assertIn("no value or block here", cli.stderr,
                                  where)
                    continue
                answered += 1
                self.assertEqual(cli.returncode, 0, where + cli.stderr)
                self.assertEqual(h["contents"]["value"], cli.stdout, where)
        # Nearly every name is one: the comparison is not vacuous.
        self.assertGreater(answered, 400)


if __name__ == "__main__":
    protocol_helpers.main()
