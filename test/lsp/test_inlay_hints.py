#!/usr/bin/env python3
"""textDocument/inlayHint on the memref examples (the tensor hints are
test_tensor.py's): where the hints go and what range they answer for.

usage: test_inlay_hints.py --bufferlens PATH --source-dir DIR [unittest args]
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import protocol_helpers  # noqa: E402
from protocol_helpers import FeatureTest, pos, rng  # noqa: E402


class InlayHintsTest(FeatureTest):
    def test_inlay_hints(self):
        c = self.start()
        path = self.example("condBranch.mlir")
        uri = self.opened(c, path)
        hints = c.call("textDocument/inlayHint", {
            "textDocument": {"uri": uri}, "range": rng(16, 0, 20, 0)})
        got = [(h["position"]["line"], h["position"]["character"], h["label"])
               for h in hints["result"]]
        # %0 (owned by ^bb2), the frees before ^bb2's branch, %1.
        self.assertEqual(got[0], (16, 4, "owned"))
        self.assertEqual([g[0] for g in got], sorted(g[0] for g in got))
        self.assertTrue(all(16 <= g[0] <= 20 for g in got), got)
        self.assertIn((19, 7), [(g[0], g[1]) for g in got])
        self.assertEqual(hints["result"][0]["tooltip"]["kind"], "markdown")
        # Outside the requested range: nothing.
        none = c.call("textDocument/inlayHint", {
            "textDocument": {"uri": uri}, "range": rng(0, 0, 9, 0)})
        self.assertEqual(none["result"], [])


if __name__ == "__main__":
    protocol_helpers.main()
