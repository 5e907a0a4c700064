#!/usr/bin/env python3
"""A `.bufferlens.json` open in the editor: its mistakes are diagnostics in
it (invalid JSON where the parser stopped, a setting's mistake on its key),
cleared once fixed, and not said again as a message; the file is not
analysed as MLIR and its requests answer nothing.

usage: test_config_file.py --bufferlens PATH --source-dir DIR [unittest args]
"""

import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import protocol_helpers  # noqa: E402
from protocol_helpers import LEAK, FeatureTest, pos, rng, uri_of  # noqa: E402


def key_range(text, key):
    """The range of `"key"` in a one-line text (ASCII)."""
    start = text.index('"%s"' % key)
    return rng(0, start, 0, start + len(key) + 2)


class ConfigFileTest(FeatureTest):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="bufferlens-config-file-")
        self.addCleanup(shutil.rmtree, self.dir)
        self.doc = os.path.join(self.dir, "leak.mlir")
        with open(self.doc, "w") as f:
            f.write(LEAK)
        self.config = os.path.join(self.dir, ".bufferlens.json")
        self.config_uri = uri_of(self.config)

    def open_config(self, c, text):
        c.notify("textDocument/didOpen", {"textDocument": {
            "uri": self.config_uri, "languageId": "json", "version": 1,
            "text": text}})
        return c.diagnostics(self.config_uri, 1)

    def change_config(self, c, text, version):
        c.notify("textDocument/didChange", {
            "textDocument": {"uri": self.config_uri, "version": version},
            "contentChanges": [{"text": text}]})
        return c.diagnostics(self.config_uri, version)

    def test_mistakes_are_shown_in_the_file_and_cleared_when_fixed(self):
        c = self.start()
        d = self.open_config(c, '{"checks": {"BL101": "off"}')
        self.assertEqual(d["diagnostics"], [{
            "range": rng(0, 26, 0, 27), "severity": 1,
            "source": "bufferlens",
            "message": "not valid JSON: syntax error while parsing object - "
                       "unexpected end of input; expected '}'"}])
        text = '{"checks": {"BL101": "loud"}, "stage": "late", "colour": 1}'
        d = self.change_config(c, text, 2)
        self.assertEqual(d["diagnostics"], [
            {"range": key_range(text, "BL101"), "severity": 2,
             "source": "bufferlens",
             "message": "invalid setting 'loud' for BL101: expected off, on, "
                        "error, warning, info or hint"},
            {"range": key_range(text, "stage"), "severity": 2,
             "source": "bufferlens",
             "message": "'stage' must be \"auto\", \"bufferized\" or "
                        "\"deallocated\""},
            {"range": key_range(text, "colour"), "severity": 2,
             "source": "bufferlens",
             "message": "unknown setting 'colour'"}])
        d = self.change_config(c, '{"checks": {"BL101": "off"}}', 3)
        self.assertEqual(d["diagnostics"], [])
        # Closed: nothing is left shown in it.
        c.notify("textDocument/didClose",
                 {"textDocument": {"uri": self.config_uri}})
        d = c.diagnostics(self.config_uri)
        self.assertEqual(d["diagnostics"], [])

    def test_a_mistake_on_a_later_line_is_at_its_key(self):
        c = self.start()
        text = '{\n  // the project\'s\n  "checks": {\n    "BL999": "on"\n  }\n}\n'
        d = self.open_config(c, text)
        self.assertEqual(d["diagnostics"], [{
            "range": rng(3, 4, 3, 11), "severity": 2, "source": "bufferlens",
            "message": "unknown finding code 'BL999'"}])

    def test_an_open_file_is_not_also_a_message(self):
        text = '{"checks": {"BL101": "loud"}}'
        with open(self.config, "w") as f:
            f.write(text)
        c = self.start()
        d = self.open_config(c, text)
        self.assertEqual(len(d["diagnostics"]), 1)
        uri = uri_of(self.doc)
        c.open(uri, LEAK)
        d = c.diagnostics(uri, 1)
        self.assertEqual([x["code"] for x in d["diagnostics"]], ["BL101"])
        # The message would come before the document's diagnostics.
        self.assertEqual([m for m in c.seen
                          if m.get("method") == "window/showMessage"], [])

    def test_saving_the_file_analyses_the_open_documents_again(self):
        with open(self.config, "w") as f:
            f.write("{}")
        c = self.start()
        uri = uri_of(self.doc)
        c.open(uri, LEAK)
        d = c.diagnostics(uri, 1)
        self.assertEqual([x["code"] for x in d["diagnostics"]], ["BL101"])
        self.open_config(c, "{}")
        text = '{"checks": {"BL101": "off"}}'
        self.change_config(c, text, 2)
        with open(self.config, "w") as f:
            f.write(text)
        c.notify("textDocument/didSave",
                 {"textDocument": {"uri": self.config_uri}})
        d = c.diagnostics(uri, 1)
        self.assertEqual(d["diagnostics"], [])

    def test_requests_on_the_file_answer_nothing(self):
        c = self.start()
        self.open_config(c, "{}")
        for method in ("textDocument/hover", "textDocument/definition"):
            r = c.call(method, {"textDocument": {"uri": self.config_uri},
                                "position": pos(0, 0)})
            self.assertEqual(r.get("result", "missing"), None, method)
        r = c.call("textDocument/semanticTokens/full",
                   {"textDocument": {"uri": self.config_uri}})
        self.assertEqual(r.get("result", "missing"), None)


if __name__ == "__main__":
    protocol_helpers.main()
