#!/usr/bin/env python3
"""A finding's path in the editor: the "Show path (N steps)" code action
and bufferlens/graph's `finding`, which draws the same graph as
`bufferlens graph FILE --finding LINE:COL`.

usage: test_path.py --bufferlens PATH --source-dir DIR [unittest args]
"""

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import protocol_helpers  # noqa: E402
from protocol_helpers import FeatureTest, pos, rng  # noqa: E402


class PathTest(FeatureTest):
    def actions(self, c, uri, range_, only=None):
        context = {"diagnostics": []}
        if only is not None:
            context["only"] = only
        return c.call("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": range_,
            "context": context})["result"]

    def graph_both_ways(self, c, uri, path, line, character):
        """`graph --finding` of the finding at (line, character), and the
        server's bufferlens/graph response for the same place."""
        cli = subprocess.run(
            [ARGS().bufferlens, "graph", path, "--finding",
             "%d:%d" % (line + 1, character + 1), "--format", "dot"],
            capture_output=True, text=True, check=True)
        r = c.call("bufferlens/graph", {
            "uri": uri, "finding": pos(line, character),
            "stage": "input", "format": "dot"})
        return cli, r

    def test_show_path_action(self):
        """Beside the fix, an action of kind "info" without an edit whose
        command opens the graph on the finding; it carries the finding's
        diagnostic, as the fix does."""
        c = self.start()
        self.assertEqual(self.init_result["result"]["capabilities"]
                         ["codeActionProvider"]["codeActionKinds"],
                         ["quickfix", "refactor.rewrite", "info"])
        path = self.inputs("leak.mlir")
        uri = protocol_helpers.uri_of(path)
        c.open(uri, protocol_helpers.read(path))
        leak, double_free = c.diagnostics(uri)["diagnostics"]

        def show(title, finding, at):
            return {"title": title, "kind": "info",
                    "command": {"title": title,
                                "command": "bufferlens.showPath",
                                "arguments": [{"uri": uri,
                                               "position": at}]},
                    "diagnostics": [finding]}

        got = self.actions(c, uri, rng(2, 3, 2, 3))
        self.assertEqual([a["title"] for a in got],
                         ["Insert memref.dealloc %buf",
                          "Show path (3 steps)"])
        self.assertEqual(got[1], show("Show path (3 steps)", leak,
                                      pos(2, 2)))
        self.assertEqual(self.actions(c, uri, rng(16, 5, 16, 5)),
                         [show("Show path (3 steps)", double_free,
                               pos(16, 2))])
        # Filtered by kind as the client asks: a quick fix list has none.
        self.assertEqual([a["kind"] for a in self.actions(
            c, uri, rng(0, 0, 20, 0), ["quickfix"])], ["quickfix"])
        self.assertEqual([a["title"] for a in self.actions(
            c, uri, rng(0, 0, 20, 0), ["info"])],
            ["Show path (3 steps)", "Show path (3 steps)"])
        # Outside every finding: nothing.
        self.assertEqual(self.actions(c, uri, rng(8, 2, 8, 2)), [])

    def test_show_path_on_findings_the_checker_does_not_report(self):
        """BL105, BL401 and BL501 have steps and the blocks they lie in:
        each gets Show path, and bufferlens/graph draws its path as
        `graph --finding` does (test/lit/graph/other-finding-paths.test)."""
        c = self.start()
        path = os.path.join(ARGS().source_dir, "test", "lit", "graph",
                            "Inputs", "other-paths.mlir")
        uri = protocol_helpers.uri_of(path)
        c.open(uri, protocol_helpers.read(path))
        by_code = {d["code"]: d for d in c.diagnostics(uri)["diagnostics"]}
        for code, (line, character), steps in [("BL105", (12, 9), 3),
                                               ("BL401", (23, 2), 3),
                                               ("BL501", (32, 7), 3)]:
            title = "Show path (%d steps)" % steps
            got = [a for a in self.actions(
                c, uri, rng(line, character, line, character), ["info"])]
            self.assertEqual(got, [{
                "title": title, "kind": "info",
                "command": {"title": title, "command": "bufferlens.showPath",
                            "arguments": [{"uri": uri,
                                           "position": pos(line, character)}]},
                "diagnostics": [by_code[code]]}], code)
            cli, r = self.graph_both_ways(c, uri, path, line, character)
            self.assertEqual(r["result"]["content"], cli.stdout, code)
            self.assertIn('BORDER="3"', cli.stdout, code)

    def test_graph_of_a_finding_is_graph_finding(self):
        """The command's position in bufferlens/graph's `finding`: the
        finding's function, its path drawn, as `graph --finding`."""
        c = self.start()
        path = self.inputs("leak.mlir")
        uri = protocol_helpers.uri_of(path)
        c.open(uri, protocol_helpers.read(path))
        c.diagnostics(uri)
        drawn = {}
        for (line, character), function in [((2, 2), "leaky"),
                                            ((16, 2), "twice")]:
            cli, r = self.graph_both_ways(c, uri, path, line, character)
            self.assertEqual(r["result"], {
                "function": function, "stage": "input", "format": "dot",
                "content": cli.stdout, "functions": ["leaky", "twice"]})
            drawn[function] = r["result"]["content"]
        # The leak's path in @leaky, numbered (viz/PathHighlight): the false
        # edge to ^keep, then ^keep to ^exit; the true edge is faded.
        self.assertEqual(re.findall(r'label="([^"]*)"\]', drawn["leaky"]),
                         ["true", "1: false", "2"])
        for params, code, message in [
                ({"uri": uri, "finding": pos(8, 2), "stage": "input",
                  "format": "dot"}, -32803,
                 "no finding with a path at the position"),
                ({"uri": uri, "finding": pos(2, 2), "stage": "ownership",
                  "format": "dot"}, -32602,
                 "'finding' draws the \"input\" stage only")]:
            r = c.call("bufferlens/graph", params)
            self.assertEqual((r["error"]["code"], r["error"]["message"]),
                             (code, message), params)

    def test_messages_stay_right_after_an_edit_above(self):
        """An edit in a function above re-analyses that function alone;
        the findings below move with it, their messages too: a message
        names no line (the related locations and steps are the places),
        so the moved finding says what a fresh analysis says."""
        text = ("func.func @above() {\n"
                "  return\n"
                "}\n"
                "func.func private @consume(%m: memref<4xf32>) {\n"
                "  memref.dealloc %m : memref<4xf32>\n"
                "  return\n"
                "}\n"
                "func.func @used_after(%i: index) -> f32 {\n"
                "  %0 = memref.alloc() : memref<4xf32>\n"
                "  call @consume(%0) : (memref<4xf32>) -> ()\n"
                "  %v = memref.load %0[%i] : memref<4xf32>\n"
                "  return %v : f32\n"
                "}\n")
        edit = "  %x = arith.constant 1 : index\n  %y = arith.constant 2 : index\n"
        uri = "file:///tmp/path-stale-lines.mlir"
        c = self.start(options={"stage": "deallocated"})
        c.open(uri, text)
        c.diagnostics(uri, 1)
        c.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": 2},
            "contentChanges": [{"range": rng(1, 0, 1, 0), "text": edit}]})
        moved = c.diagnostics(uri, 2)["diagnostics"]
        fresh = self.start(options={"stage": "deallocated"})
        edited = text.replace("func.func @above() {\n",
                              "func.func @above() {\n" + edit)
        fresh.open(uri, edited)
        self.assertEqual(moved, fresh.diagnostics(uri, 1)["diagnostics"])
        use = [d for d in moved if d.get("code") == "BL103"]
        self.assertEqual([(d["range"], d["message"]) for d in use], [
            (rng(12, 7, 12, 18),
             "use of %0 after it was freed by the call to @consume: ^bb0")])
        self.assertEqual(
            [(r["location"]["range"], r["message"])
             for r in use[0]["relatedInformation"]],
            [(rng(10, 2, 10, 4), "1. %0 is allocated here"),
             (rng(11, 2, 11, 6), "2. %0 is freed by the call to @consume"),
             (rng(12, 7, 12, 18), "3. use of %0 here, after the free")])


def ARGS():
    return protocol_helpers.ARGS


if __name__ == "__main__":
    protocol_helpers.main()
