#!/usr/bin/env python3
"""Settings: the project's `.bufferlens.json` (read once per change on
disk, its mistakes shown once per change) under the client's settings, and
the client's own settings messages.

usage: test_settings.py --bufferlens PATH --source-dir DIR [unittest args]
"""

import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import protocol_helpers  # noqa: E402
from protocol_helpers import LEAK, FeatureTest, read, uri_of  # noqa: E402


def codes(diagnostics):
    return [d.get("code") for d in diagnostics["diagnostics"]]


class SettingsTest(FeatureTest):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="bufferlens-settings-")
        self.addCleanup(shutil.rmtree, self.dir)
        self.doc = os.path.join(self.dir, "leak.mlir")
        with open(self.doc, "w") as f:
            f.write(LEAK)
        self.config = os.path.join(self.dir, ".bufferlens.json")

    def write_config(self, text):
        with open(self.config, "w") as f:
            f.write(text)
        # A new modification time even on a coarse clock.
        stamp = time.time() + 10 * len(text)
        os.utime(self.config, (stamp, stamp))

    def edit(self, c, uri, version):
        """A whole-text edit of the same text: analysed again."""
        c.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"text": LEAK}]})
        c.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
        return c.diagnostics(uri, version)

    def messages(self, c):
        return [m["params"]["message"] for m in c.seen
                if m.get("method") == "window/showMessage"]

    def test_project_file_applies_and_is_read_again_when_it_changes(self):
        self.write_config('{"checks": {"BL101": "off"}}')
        c = self.start()
        uri = uri_of(self.doc)
        c.open(uri, LEAK)
        self.assertEqual(codes(c.diagnostics(uri, 1)), [])
        self.write_config('{"checks": {"BL101": "warning"}}')
        d = self.edit(c, uri, 2)
        self.assertEqual(codes(d), ["BL101"])
        self.assertEqual(d["diagnostics"][0]["severity"], 2)

    def test_a_broken_project_file_is_shown_once_per_change(self):
        self.write_config('{"checks": {"BL101": "loud"}')
        c = self.start()
        uri = uri_of(self.doc)
        c.open(uri, LEAK)
        # Analysed with the defaults: the leak is an error.
        self.assertEqual(codes(c.diagnostics(uri, 1)), ["BL101"])
        want = ("BufferLens settings (%s): not valid JSON" % self.config)
        c.wait_for(lambda m: m.get("method") == "window/showMessage"
                   and m["params"]["message"] == want, want)
        # Edits of the document do not repeat it.
        self.edit(c, uri, 2)
        self.edit(c, uri, 3)
        self.assertEqual(self.messages(c), [])
        # Another mistake is said once more; the valid settings still apply.
        self.write_config('{"checks": {"BL101": "loud"}, "stage": "auto"}')
        d = self.edit(c, uri, 4)
        self.assertEqual(codes(d), ["BL101"])
        want = ("BufferLens settings (%s): invalid setting 'loud' for BL101:"
                " expected off, on, error, warning, info or hint"
                % self.config)
        c.wait_for(lambda m: m.get("method") == "window/showMessage"
                   and m["params"]["message"] == want, want)

    def test_client_settings_apply_on_top_of_the_project_file(self):
        self.write_config('{"checks": {"BL101": "off"}}')
        c = self.start(options={"checks": {"BL101": "hint"}})
        uri = uri_of(self.doc)
        c.open(uri, LEAK)
        d = c.diagnostics(uri, 1)
        self.assertEqual(codes(d), ["BL101"])
        self.assertEqual(d["diagnostics"][0]["severity"], 4)
        # A later message replaces the client's analysis settings whole.
        c.notify("workspace/didChangeConfiguration",
                 {"settings": {"bufferlens": {}}})
        d = c.wait_for(lambda m: m.get("method") ==
                       "textDocument/publishDiagnostics"
                       and m["params"]["uri"] == uri
                       and codes(m["params"]) == [], "no diagnostics")
        self.assertEqual(codes(d["params"]), [])

    def test_a_huge_debounce_is_clamped_and_said(self):
        c = self.start(options={"debounceMs": 2 ** 63})
        want = ("BufferLens settings (initializationOptions): 'debounceMs' "
                "is at most 60000; using that")
        c.wait_for(lambda m: m.get("method") == "window/showMessage"
                   and m["params"]["message"] == want, want)
        uri = uri_of(self.doc)
        c.open(uri, LEAK)
        self.assertEqual(codes(c.diagnostics(uri, 1)), ["BL101"])

    def test_an_unreadable_project_file_does_not_drop_the_document(self):
        # Larger than the 4 MiB a settings file may have (sparse: no disk).
        with open(self.config, "w") as f:
            f.truncate(5 << 20)
        c = self.start()
        uri = uri_of(self.doc)
        c.open(uri, LEAK)
        # Opened, analysed with the defaults: the leak is an error.
        d = c.diagnostics(uri, 1)
        self.assertEqual(codes(d), ["BL101"])
        self.assertEqual(d["diagnostics"][0]["severity"], 1)
        want = ("BufferLens settings (%s): cannot read the configuration "
                "file: larger than the 4 MiB limit" % self.config)
        c.wait_for(lambda m: m.get("method") == "window/showMessage"
                   and m["params"]["message"] == want, want)

    def test_a_long_uri_holds_up_no_other_document(self):
        # The lookup of the nearest settings file walks 40,000 directories
        # of this URI: on the document's own worker, while the hover of
        # another document is answered from the thread that reads messages.
        c = self.start()
        other = uri_of(self.doc)
        c.open(other, LEAK)
        c.diagnostics(other, 1)
        deep = "file://" + self.dir + "/d" * 40000 + "/leak.mlir"
        c.open(deep, LEAK)
        hover = c.call("textDocument/hover", {
            "textDocument": {"uri": other},
            "position": {"line": 1, "character": 3}})
        self.assertIn("%0", hover["result"]["contents"]["value"])
        # The deep document is analysed too (no file there: defaults).
        d = c.diagnostics(deep, 1)
        self.assertEqual(codes(d), ["BL101"])
        self.assertEqual(self.messages(c), [])


if __name__ == "__main__":
    protocol_helpers.main()
