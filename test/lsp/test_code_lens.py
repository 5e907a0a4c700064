#!/usr/bin/env python3
"""textDocument/codeLens: one lens per function with memrefs (the tensor
functions' lenses are test_tensor.py's), on its name, opening its graph.

usage: test_code_lens.py --bufferlens PATH --source-dir DIR [unittest args]
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import protocol_helpers  # noqa: E402
from protocol_helpers import FeatureTest, pos, rng  # noqa: E402


class CodeLensTest(FeatureTest):
    def test_code_lens(self):
        """One lens per function with memrefs, on its name; its command
        opens the placement graph at that function."""
        c = self.start()
        self.assertEqual(self.init_result["result"]["capabilities"]
                         ["codeLensProvider"], {"resolveProvider": False})
        uri = "file:///tmp/lens.mlir"
        text = ("func.func @scalar(%x: i32) -> i32 {\n"
                "  return %x : i32\n}\n"
                "// @cond: the classic plan's condBranch\n"
                "func.func @cond(%c: i1, %a: memref<2xf32>) {\n"
                "  cf.cond_br %c, ^bb1, ^bb2\n"
                "^bb1:\n  cf.br ^bb3(%a : memref<2xf32>)\n"
                "^bb2:\n  %0 = memref.alloc() : memref<2xf32>\n"
                "  cf.br ^bb3(%0 : memref<2xf32>)\n"
                "^bb3(%1: memref<2xf32>):\n  return\n}\n"
                "func.func @freed() {\n"
                "  %0 = memref.alloc() : memref<2xf32>\n"
                "  memref.dealloc %0 : memref<2xf32>\n  return\n}\n")
        c.open(uri, text)
        c.diagnostics(uri)
        r = c.call("textDocument/codeLens", {"textDocument": {"uri": uri}})

        def lens(line, start, end, title, function):
            return {"range": rng(line, start, line, end),
                    "command": {"title": title,
                                "command": "bufferlens.showGraph",
                                "arguments": [{"uri": uri,
                                               "function": function,
                                               "position": pos(line,
                                                               start)}]}}
        self.assertEqual(r["result"], [
            lens(4, 10, 15,
                 "1 buffer · 1 critical alias · frees at 1 block end",
                 "cond"),
            lens(14, 10, 16, "1 buffer · 1 free", "freed")])


if __name__ == "__main__":
    protocol_helpers.main()
