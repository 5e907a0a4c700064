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
            cli = subprocess.run(
                [ARGS().bufferlens, "graph", path, "--finding",
                 "%d:%d" % (line + 1, character + 1), "--format", "dot"],
                capture_output=True, text=True, check=True)
            r = c.call("bufferlens/graph", {
                "uri": uri, "finding": pos(line, character),
                "stage": "input", "format": "dot"})
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


def ARGS():
    return protocol_helpers.ARGS


if __name__ == "__main__":
    protocol_helpers.main()
