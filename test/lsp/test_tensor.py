#!/usr/bin/env python3
"""The tensor-level view over LSP: on a small program that still works on
tensors (inputs/tensor.mlir), the One-Shot Bufferize findings (BL501 copy,
BL502 allocation, BL503 failure) as diagnostics, the failures already in
the first of an open's two publishes, the hover of a copied
tensor value, the inlay hints after tensor definitions (`copy 128 bytes`,
`alloc 1 KiB`, `in place`), the code lens of each function ("1 allocation
· 1 copy", "bufferization fails") and the semantic tokens' `copied` and
`allocated` modifiers, and the graph request's drawing of One-Shot
Bufferize's decisions (the same drawing as `bufferlens graph`). Every answer is a view of the same stored plan
(analysis/model/TensorModel.h), so they are checked together, exactly.

usage: test_tensor.py --bufferlens PATH --source-dir DIR [unittest args]
"""

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import protocol_helpers  # noqa: E402
from protocol_helpers import FeatureTest, explain, pos, rng  # noqa: E402

# The explanation of %w (line 5): its buffer is a copy of %t's, because
# tensor.extract reads %t after tensor.insert writes it.
COPY_WHY = ("a copy of the buffer of `%t` (operand #1 of `tensor.insert`), "
            "made here: the operand is bufferized out of place because "
            "`tensor.extract` still reads the old contents after this write")


class TensorTest(FeatureTest):
    def path(self):
        return os.path.join(protocol_helpers.ARGS.source_dir, "test", "lsp",
                            "inputs", "tensor.mlir")

    def open_program(self):
        c = self.start()
        path = self.path()
        uri = protocol_helpers.uri_of(path)
        c.open(uri, protocol_helpers.read(path))
        return c, uri, c.diagnostics(uri)["diagnostics"]

    def test_diagnostics(self):
        c, uri, diagnostics = self.open_program()
        base = ("file://" + os.path.join(protocol_helpers.ARGS.source_dir,
                                         "README.md"))

        def diagnostic(r, severity, code, message, related=None):
            d = {"range": r, "severity": severity, "source": "bufferlens",
                 "message": message, "code": code,
                 "codeDescription": {"href": base + "#" + code.lower()}}
            if related:
                d["relatedInformation"] = [
                    {"location": {"uri": uri, "range": where},
                     "message": text} for where, text in related]
            return d

        insert = rng(4, 7, 4, 20)
        self.assertEqual(diagnostics, [
            diagnostic(insert, 3, "BL501",
                       "`tensor.insert` bufferizes out of place: operand #1 "
                       "(`%t`, tensor<4x8xf32>, 128 bytes) is copied into a "
                       "new buffer",
                       [(rng(2, 28, 2, 30), "1. `%t` is defined here"),
                        (insert,
                         "2. `tensor.insert` writes operand #1 (`%t`, "
                         "tensor<4x8xf32>, 128 bytes) here, whose old "
                         "contents a later read needs: the write goes to a "
                         "copy"),
                        (rng(5, 7, 5, 21),
                         "3. `tensor.extract` reads `%t` here, after the "
                         "write: it needs the old contents")]),
            diagnostic(insert, 4, "BL502",
                       "One-Shot Bufferize allocates memref<4x8xf32>, 128 "
                       "bytes here, for the copy of an out-of-place operand",
                       [(rng(6, 2, 6, 8),
                         "returned here: the caller owns it and frees it")]),
            diagnostic(rng(10, 7, 10, 19), 4, "BL502",
                       "One-Shot Bufferize allocates memref<16x16xf32>, 1024 "
                       "bytes here (`tensor.empty` bufferizes to a new "
                       "buffer)",
                       [(rng(12, 2, 12, 8),
                         "returned here: the caller owns it and frees it")]),
            diagnostic(rng(22, 4, 22, 13), 1, "BL503",
                       "One-Shot Bufferize fails here: Yield operand #0 is "
                       "not equivalent to the corresponding iter bbArg")])

    def test_failures_are_in_the_first_publish(self):
        # A document large enough for two publishes (earlyDiagnosticsBytes
        # 0: every one): where One-Shot Bufferize fails (BL503) comes with
        # the first, before the copies and allocations of the bufferized
        # functions; the second has everything, the first one unchanged.
        c = self.start(options={"earlyDiagnosticsBytes": 0})
        path = self.path()
        uri = protocol_helpers.uri_of(path)
        c.open(uri, protocol_helpers.read(path))
        first = c.diagnostics(uri, 1)["diagnostics"]
        self.assertEqual([(d["code"], d["severity"], d["range"], d["message"])
                          for d in first],
                         [("BL503", 1, rng(22, 4, 22, 13),
                           "One-Shot Bufferize fails here: Yield operand #0 "
                           "is not equivalent to the corresponding iter "
                           "bbArg")])
        complete = c.diagnostics(uri, 1)["diagnostics"]
        for d in first:
            self.assertIn(d, complete)
        self.assertEqual([d["code"] for d in complete],
                         ["BL501", "BL502", "BL502", "BL503"])

    def test_hover_of_a_copied_tensor(self):
        c, uri, _ = self.open_program()
        h = c.call("textDocument/hover", {"textDocument": {"uri": uri},
                                          "position": pos(4, 3)})["result"]
        self.assertEqual(h, {
            "contents": {"kind": "markdown", "value": (
                "**%w** : `tensor<4x8xf32>` in `@read_after_write`\n"
                "\n"
                "buffer (One-Shot Bufferize): " + COPY_WHY + " (128 bytes)\n"
                "\n"
                "released (ownership-based deallocation):\n"
                "- returned by `func.return` at line 7: the caller owns it\n"
                "\n"
                "conflict (print-conflicts):\n"
                "- definition: `%t` on line 3\n"
                "- conflicting write: operand #1 of `tensor.insert` on "
                "line 5\n"
                "- read: operand #0 of `tensor.extract` on line 6\n")},
            "range": rng(4, 2, 4, 4)})
        # The same words as `bufferlens explain` (ide/Hover.cpp for both).
        self.assertEqual(h["contents"]["value"], explain(self.path(), 5, 4))

    def test_inlay_hints(self):
        c, uri, _ = self.open_program()

        def hint(line, character, label, why):
            return {"position": pos(line, character), "label": label,
                    "paddingLeft": True, "paddingRight": True,
                    "tooltip": {"kind": "markdown",
                                "value": "buffer (One-Shot Bufferize): " +
                                why}}

        hints = c.call("textDocument/inlayHint", {
            "textDocument": {"uri": uri},
            "range": rng(0, 0, 26, 0)})["result"]
        # None after the arguments (the caller's buffers), the scalars, nor
        # in @fresh_each_iteration, which the pass fails on.
        self.assertEqual(hints, [
            hint(4, 4, "copy 128 bytes", COPY_WHY + " (128 bytes)"),
            hint(10, 4, "alloc 1 KiB",
                 "a new allocation here (`tensor.empty` bufferizes to "
                 "`memref.alloc`) (1024 bytes)"),
            hint(11, 4, "in place",
                 "in place: the buffer of `%e` (operand #1 of "
                 "`linalg.fill`)")])
        # A range covers the hints whose position lies in it.
        only = c.call("textDocument/inlayHint", {
            "textDocument": {"uri": uri},
            "range": rng(10, 0, 10, 40)})["result"]
        self.assertEqual([h["label"] for h in only], ["alloc 1 KiB"])

    def test_code_lens(self):
        c, uri, _ = self.open_program()
        lenses = c.call("textDocument/codeLens",
                        {"textDocument": {"uri": uri}})["result"]

        def lens(line, start, end, title, function):
            return {"range": rng(line, start, line, end),
                    "command": {"title": title,
                                "command": "bufferlens.showGraph",
                                "arguments": [{"uri": uri,
                                               "function": function,
                                               "position": pos(line,
                                                               start)}]}}
        self.assertEqual(lenses, [
            lens(2, 10, 27, "1 allocation · 1 copy", "read_after_write"),
            lens(9, 10, 21, "1 allocation · 0 copies", "empty_fill"),
            lens(15, 10, 31, "bufferization fails", "fresh_each_iteration")])

    def test_semantic_token_modifiers(self):
        c, uri, _ = self.open_program()
        legend = (self.init_result["result"]["capabilities"]
                  ["semanticTokensProvider"]["legend"])
        data = c.call("textDocument/semanticTokens/full",
                      {"textDocument": {"uri": uri}})["result"]["data"]
        tokens, line, character = {}, 0, 0
        for i in range(0, len(data), 5):
            dl, dc, length, kind, bits = data[i:i + 5]
            character = dc if dl else character + dc
            line += dl
            tokens[(line, character)] = (
                legend["tokenTypes"][kind],
                [m for b, m in enumerate(legend["tokenModifiers"])
                 if bits & (1 << b)])
        self.assertEqual(tokens[(4, 2)], ("variable", ["definition", "copied"]))
        # %w returned: every occurrence.
        self.assertEqual(tokens[(6, 9)], ("variable", ["copied"]))
        self.assertEqual(tokens[(10, 2)],
                         ("variable", ["definition", "allocated"]))
        # %e as linalg.fill's init.
        self.assertEqual(tokens[(11, 38)], ("variable", ["allocated"]))
        # In place, the caller's buffer, and the failing function's: none.
        self.assertEqual(tokens[(11, 2)], ("variable", ["definition"]))
        self.assertEqual(tokens[(2, 28)], ("variable", ["definition"]))
        self.assertEqual(tokens[(20, 4)], ("variable", ["definition"]))


    def decisions(self, content):
        """The tensor view's lines of a DOT graph: (link, text) in order."""
        return re.findall(r'ID="bl-op-\d+-effect-\d+" HREF="([^"]+)" '
                          r'TITLE="([^"]*)"', content)

    def test_graph(self):
        c, uri, _ = self.open_program()
        r = c.call("bufferlens/graph", {"uri": uri,
                                        "function": "read_after_write"})
        result = r["result"]
        self.assertEqual((result["function"], result["stage"],
                          result["format"], result["functions"]),
                         ("read_after_write", "input", "dot",
                          ["read_after_write", "empty_fill",
                           "fresh_each_iteration"]))
        content = result["content"]
        self.assertIn("<B>@read_after_write  \u00b7  on tensors, as One-Shot "
                      "Bufferize bufferizes it: 1 allocation \u00b7 1 copy"
                      "</B>", content)
        self.assertEqual(self.decisions(content), [
            ("#range=4:2-4:59",
             "alloc memref&lt;4x8xf32&gt;, 128 bytes, for a copy"),
            ("#range=4:2-4:59",
             "copy of %t (operand #1), memref&lt;4x8xf32&gt;, 128 bytes: "
             "writing its buffer in place would clobber what a later read "
             "needs"),
            ("#range=6:2-6:38",
             "returned: the caller frees it: memref&lt;4x8xf32&gt; "
             "allocated at line 5 by tensor.insert")])
        # The server draws what the command line draws.
        cli = subprocess.run(
            [protocol_helpers.ARGS.bufferlens, "graph", self.path(),
             "--function", "read_after_write", "--format", "dot"],
            check=True, capture_output=True, text=True).stdout
        self.assertEqual(content, cli)

        # By position, in the function the pass fails on: the failure, and
        # nothing allocated.
        failed = c.call("bufferlens/graph", {"uri": uri,
                                             "position": pos(20, 4)})
        content = failed["result"]["content"]
        self.assertEqual(failed["result"]["function"], "fresh_each_iteration")
        self.assertEqual(self.decisions(content), [
            ("#range=22:4-22:38",
             "One-Shot Bufferize fails here: Yield operand #0 is not "
             "equivalent to the corresponding iter bbArg")])
        self.assertIn("One-Shot Bufferize fails on the function: what it "
                      "would allocate, copy and free is not known", content)

        # No deallocation stage on tensors: the passes run after One-Shot
        # Bufferize.
        staged = c.call("bufferlens/graph", {"uri": uri,
                                             "function": "empty_fill",
                                             "stage": "pipeline"})
        self.assertEqual(staged["error"]["code"], -32803)
        self.assertEqual(staged["error"]["message"],
                         "no pipeline graph: @empty_fill is still on tensors "
                         "(the deallocation passes run after One-Shot "
                         "Bufferize); its input graph shows what "
                         "bufferization does")

        # SVG: the allocation under the op as a link the panel follows.
        svg = c.call("bufferlens/graph", {"uri": uri, "function": "empty_fill",
                                          "format": "svg"})["result"]["content"]
        self.assertIn('<g id="a_bl&#45;op&#45;', svg)
        self.assertRegex(svg, r'<g id="a_bl&#45;op&#45;\d+&#45;effect&#45;0">'
                         r'<a xlink:href="#range=10:2-10:41" '
                         r'xlink:title="alloc memref&lt;16x16xf32&gt;, 1024 '
                         r'bytes">')

if __name__ == "__main__":
    protocol_helpers.main()
