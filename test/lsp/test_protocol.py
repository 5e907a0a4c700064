#!/usr/bin/env python3
"""Protocol tests of `bufferlens serve`: the real binary, driven over stdio
and over TCP by the scripted client in lspclient.py. Every answer is checked
exactly; diagnostics and hovers are compared with what `bufferlens lint
--format json` and `bufferlens explain` print for the same file, so the
server and the CLI cannot drift apart.

usage: test_protocol.py --bufferlens PATH --source-dir DIR [unittest args]
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lspclient import LSPClient, frame  # noqa: E402
import protocol_helpers  # noqa: E402
from protocol_helpers import (uri_of, read, lint_json, explain,  # noqa: E402
                              expected_diagnostics, pos, rng)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))), "lit", "Inputs"))
from fixes import apply_edits  # noqa: E402

ARGS = None


def deep_crash_text():
    # MLIR's attribute parser recurses once per `[`: this nesting overflows
    # its stack (upstream mlir-opt dies with a segmentation fault on it),
    # also the 512 MiB analysis stack of an AddressSanitizer build, where
    # 200,000 parsed (ide/CrashIsolation.h, kAnalysisStackBytes).
    n = 1000000
    return ("func.func @fine(%arg0: memref<2xf32>) {\n"
            "  memref.dealloc %arg0 : memref<2xf32>\n"
            "  return\n"
            "}\n"
            "func.func @deep() attributes {nest = " + "[" * n + "]" * n +
            "} {\n"
            "  return\n"
            "}\n")


class ProtocolTest:
    """Mixed into one TestCase per transport."""
    transport = None

    def start(self, args=(), options=None, capabilities=None,
              initialize=True):
        client = LSPClient(ARGS.bufferlens, args, self.transport)
        self.addCleanup(client.close)
        if initialize:
            self.init_result = client.initialize(options, capabilities)
        return client

    def opened(self, c, path):
        """Opens `path` in `c` and waits for its first diagnostics; its URI."""
        uri = uri_of(path)
        c.open(uri, read(path))
        c.diagnostics(uri)
        return uri

    def prepend_line(self, c, uri, version):
        """An edit: a blank line inserted before the first."""
        c.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": rng(0, 0, 0, 0), "text": "\n"}]})

    def only_action_at(self, c, uri, line, character):
        """The one quick fix at a point (asserting there is one); the
        "Show path" actions are test_path.py's."""
        r = c.call("textDocument/codeAction", {
            "textDocument": {"uri": uri},
            "range": rng(line, character, line, character),
            "context": {"diagnostics": [], "only": ["quickfix"]}})
        self.assertEqual(len(r["result"]), 1, r["result"])
        return r["result"][0]

    def inputs(self, name):
        return os.path.join(ARGS.source_dir, "test", "lsp", "inputs", name)

    def example(self, name):
        return os.path.join(ARGS.source_dir, "examples", name)

    # Lifecycle -------------------------------------------------------------

    def test_initialize_capabilities(self):
        c = self.start()
        caps = self.init_result["result"]["capabilities"]
        self.assertEqual(caps["positionEncoding"], "utf-16")
        self.assertEqual(caps["textDocumentSync"],
                         {"openClose": True, "change": 2,
                          "save": {"includeText": False}})
        for provider in ["hoverProvider", "inlayHintProvider",
                         "definitionProvider", "referencesProvider",
                         "documentHighlightProvider",
                         "documentSymbolProvider"]:
            self.assertTrue(caps[provider], provider)
        self.assertEqual(caps["codeActionProvider"],
                         {"codeActionKinds": ["quickfix", "refactor.rewrite", "info"],
                          "resolveProvider": True})
        self.assertEqual(self.init_result["result"]["serverInfo"]["name"],
                         "bufferlens")
        self.assertEqual(c.shutdown_and_exit(),
                         ({"jsonrpc": "2.0", "id": 2, "result": None}, 0))

    def test_utf8_negotiated_when_offered(self):
        c = self.start(capabilities={"general": {
            "positionEncodings": ["utf-32", "utf-8", "utf-16"]}})
        caps = self.init_result["result"]["capabilities"]
        self.assertEqual(caps["positionEncoding"], "utf-8")
        path = self.inputs("unicode.mlir")
        c.open(uri_of(path), read(path))
        c.diagnostics(uri_of(path))
        # `%arg0` follows "naïve😀": in UTF-8 its column is its byte
        # offset, 24.
        r = c.call("textDocument/definition", {
            "textDocument": {"uri": uri_of(path)},
            "position": pos(2, 21)})
        self.assertEqual(r["result"]["range"], rng(0, 24, 0, 29))
        h = c.call("textDocument/hover", {
            "textDocument": {"uri": uri_of(path)}, "position": pos(0, 25)})
        self.assertEqual(h["result"]["range"], rng(0, 24, 0, 29))

    def test_graph_links_use_the_negotiated_encoding(self):
        path = self.inputs("unicode.mlir")
        params = {"uri": uri_of(path), "function": "naïve😀",
                  "stage": "input", "format": "dot"}
        links = {}
        for encodings in [["utf-8", "utf-16"], ["utf-16"]]:
            c = self.start(capabilities={"general": {
                "positionEncodings": encodings}})
            c.open(uri_of(path), read(path))
            c.diagnostics(uri_of(path))
            content = c.call("bufferlens/graph", params)["result"]["content"]
            links[encodings[0]] = sorted(
                set(re.findall(r"#range=[0-9:-]+", content)))
        # %arg0 follows "naïve😀": bytes 24-29, UTF-16 units 21-26. The
        # other links are on ASCII lines and read the same in both.
        self.assertEqual(links["utf-8"], [
            "#range=0:24-0:29", "#range=1:2-1:32", "#range=1:2-3:17",
            "#range=2:2-2:45", "#range=3:2-3:17"])
        self.assertEqual(links["utf-16"], [
            "#range=0:21-0:26", "#range=1:2-1:32", "#range=1:2-3:17",
            "#range=2:2-2:45", "#range=3:2-3:17"])

    def test_utf16_positions(self):
        c = self.start()
        path = self.inputs("unicode.mlir")
        c.open(uri_of(path), read(path))
        c.diagnostics(uri_of(path))
        # "naïve😀": ï is one UTF-16 unit, 😀 two: %arg0 starts at 21
        # (byte 24).
        r = c.call("textDocument/definition", {
            "textDocument": {"uri": uri_of(path)},
            "position": pos(2, 21)})
        self.assertEqual(r["result"],
                         {"uri": uri_of(path), "range": rng(0, 21, 0, 26)})
        h = c.call("textDocument/hover", {
            "textDocument": {"uri": uri_of(path)}, "position": pos(0, 23)})
        self.assertEqual(h["result"]["range"], rng(0, 21, 0, 26))
        self.assertEqual(h["result"]["contents"]["value"],
                         explain(path, 1, 27))

    def test_requests_before_initialize(self):
        c = self.start(initialize=False)
        c.notify("textDocument/didOpen", {"textDocument": {
            "uri": "file:///x.mlir", "languageId": "mlir", "version": 1,
            "text": ""}})
        r = c.call("textDocument/documentSymbol",
                   {"textDocument": {"uri": "file:///x.mlir"}})
        self.assertEqual(r["error"]["code"], -32002)
        c.initialize()
        # The didOpen before initialize was dropped: the document is unknown.
        r = c.call("textDocument/documentSymbol",
                   {"textDocument": {"uri": "file:///x.mlir"}})
        self.assertEqual(r["error"]["code"], -32602)
        self.assertEqual(r["error"]["message"],
                         "the document is not open: file:///x.mlir")

    def test_initialize_twice(self):
        c = self.start()
        r = c.call("initialize", {"capabilities": {}})
        self.assertEqual(r["error"]["code"], -32600)

    def test_requests_after_shutdown(self):
        c = self.start()
        self.assertEqual(c.call("shutdown")["result"], None)
        r = c.call("textDocument/hover", {
            "textDocument": {"uri": "file:///x.mlir"}, "position": pos(0, 0)})
        self.assertEqual(r["error"]["code"], -32600)
        c.notify("exit")
        self.assertEqual(c.wait_exit(), 0)

    def test_exit_without_shutdown(self):
        c = self.start()
        c.notify("exit")
        self.assertEqual(c.wait_exit(), 1)

    # JSON-RPC errors and framing -----------------------------------------

    def test_method_not_found_and_notifications_unanswered(self):
        c = self.start()
        c.notify("bufferlens/noSuchNotification", {})
        c.notify("$/setTrace", {"value": "off"})
        r = c.call("bufferlens/noSuchMethod", {})
        self.assertEqual(r["error"], {"code": -32601, "message":
                                      "unknown method 'bufferlens/noSuchMethod'"})
        # Nothing arrived for the notifications: the next message is the
        # answer to the next request.
        c.request("shutdown")
        m = c.wait_for(lambda m: True)
        self.assertEqual(m["result"], None)

    def test_parse_error(self):
        c = self.start()
        c.send_raw(frame(b'{"jsonrpc": "2.0", "id": 5, "method": '))
        r = c.wait_for(lambda m: "error" in m)
        self.assertEqual(r["id"], None)
        self.assertEqual(r["error"]["code"], -32700)

    def test_invalid_utf8_is_a_parse_error(self):
        c = self.start()
        c.send_raw(frame(b'{"jsonrpc": "2.0", "id": 5, "method": "a\xff"}'))
        r = c.wait_for(lambda m: "error" in m)
        self.assertEqual((r["id"], r["error"]["code"]), (None, -32700))
        self.assertEqual(c.call("shutdown")["result"], None)

    def test_invalid_requests(self):
        c = self.start()
        cases = [
            ({"id": 1, "method": "shutdown"}, 1),  # no jsonrpc
            ([{"jsonrpc": "2.0", "id": 2, "method": "shutdown"}], None),
            ({"jsonrpc": "2.0", "id": 3, "method": 7}, 3),
            ({"jsonrpc": "2.0", "id": {"a": 1}, "method": "shutdown"}, None),
            ({"jsonrpc": "2.0", "id": 4}, 4),
            ({"jsonrpc": "2.0", "id": 6, "method": "shutdown",
              "params": 3}, 6),
        ]
        for message, id in cases:
            c.send_json(message)
            r = c.wait_for(lambda m: "error" in m)
            self.assertEqual((r["id"], r["error"]["code"]), (id, -32600),
                             message)

    def test_invalid_params(self):
        c = self.start()
        path = self.example("condBranch.mlir")
        c.open(uri_of(path), read(path))
        for method, params in [
                ("textDocument/hover", {"textDocument": {"uri": uri_of(path)}}),
                ("textDocument/hover", {"position": pos(0, 0)}),
                ("textDocument/inlayHint", {"textDocument": {
                    "uri": uri_of(path)}, "range": {"start": pos(1, 0)}}),
                ("bufferlens/ownershipAt", {"uri": 3, "position": pos(0, 0)}),
                ("textDocument/definition", {"textDocument": {
                    "uri": uri_of(path)}, "position": pos(-1, 0)})]:
            r = c.call(method, params)
            self.assertEqual(r["error"]["code"], -32602, (method, params))

    def test_malformed_frames_are_dropped(self):
        c = self.start()
        # No Content-Length; a garbage length; a body shorter than said
        # (its tail is read as the next header): each is dropped and the
        # server keeps answering.
        c.send_raw(b"Content-Type: application/json\r\n\r\n")
        c.send_raw(b"Content-Length: 12x\r\n\r\n")
        c.send_raw(b"garbage\r\n\r\n")
        r = c.call("textDocument/documentSymbol",
                   {"textDocument": {"uri": "file:///none.mlir"}})
        self.assertEqual(r["error"]["code"], -32602)
        body = json.dumps({"jsonrpc": "2.0", "id": 99,
                           "method": "shutdown"}).encode()
        c.send_raw(b"Content-Length: 10\r\n\r\n" + body)
        # The first 10 bytes are not JSON: a parse error; the rest is junk
        # until the next header.
        r = c.wait_for(lambda m: "error" in m and m["id"] is None)
        self.assertEqual(r["error"]["code"], -32700)
        self.assertEqual(c.call("shutdown")["result"], None)

    def test_oversized_message(self):
        c = self.start(args=["--max-message-bytes", "4096"])
        big = json.dumps({"jsonrpc": "2.0", "id": 1000,
                          "method": "textDocument/didOpen",
                          "params": {"text": "x" * 10000}}).encode()
        c.send_raw(frame(big))
        r = c.wait_for(lambda m: "error" in m)
        self.assertEqual(r, {"jsonrpc": "2.0", "id": 1000, "error": {
            "code": -32600, "message": "message of %d bytes exceeds the "
            "limit of 4096 bytes" % len(big)}})
        self.assertEqual(c.call("shutdown")["result"], None)

    # Documents and diagnostics -------------------------------------------

    def test_diagnostics_match_lint_for_every_example(self):
        c = self.start()
        paths = [self.example(n) for n in sorted(os.listdir(
            os.path.join(ARGS.source_dir, "examples"))) if n.endswith(".mlir")]
        paths.append(self.inputs("leak.mlir"))
        for path in paths:
            c.open(uri_of(path), read(path))
        for path in paths:
            d = c.diagnostics(uri_of(path))
            self.assertEqual(d["version"], 1)
            self.assertEqual(d["diagnostics"], expected_diagnostics(path),
                             path)

    def test_leak_diagnostics_exact(self):
        c = self.start()
        path = self.inputs("leak.mlir")
        c.open(uri_of(path), read(path))
        d = c.diagnostics(uri_of(path))["diagnostics"]
        self.assertEqual([(x["code"], x["range"], x["severity"]) for x in d],
                         [("BL101", rng(2, 2, 2, 6), 1),
                          ("BL102", rng(16, 2, 16, 16), 1)])
        self.assertTrue(d[0]["codeDescription"]["href"].endswith(
            "README.md#bl101"))
        # The path's steps in path order, numbered; the related locations
        # they point at ("first freed here", the allocation) are not
        # repeated, the one no step has ("the path leaves here": the exit
        # step is at the same return) neither.
        def info(range_, message):
            return {"location": {"uri": uri_of(path), "range": range_},
                    "message": message}
        self.assertEqual(d[0]["relatedInformation"], [
            info(rng(2, 2, 2, 6), "1. %buf is allocated here"),
            info(rng(3, 2, 3, 12), "2. branching to ^keep (%cond is false)"),
            info(rng(10, 2, 10, 8),
                 "3. leaves the function here without freeing %buf")])
        self.assertEqual(d[1]["relatedInformation"], [
            info(rng(14, 2, 14, 4), "1. %a is allocated here"),
            info(rng(15, 2, 15, 16), "2. %a is freed here"),
            info(rng(16, 2, 16, 16), "3. %a is freed again here")])

    def test_client_without_related_information_or_code_links(self):
        # A client that declares neither (textDocument.publishDiagnostics
        # without relatedInformation and codeDescriptionSupport) gets the
        # related locations as lines of the message, as clangd folds its
        # notes, and no links.
        c = self.start(capabilities={"textDocument": {
            "publishDiagnostics": {}}})
        path = self.inputs("leak.mlir")
        c.open(uri_of(path), read(path))
        d = c.diagnostics(uri_of(path))["diagnostics"]
        want = expected_diagnostics(path)
        for x in want:
            x.pop("codeDescription", None)
            for r in x.pop("relatedInformation", []):
                x["message"] += "\nline %d: %s" % (
                    r["location"]["range"]["start"]["line"] + 1, r["message"])
        self.assertEqual(d, want)
        self.assertEqual(d[1]["message"],
                         "double free of %a: ^bb0\n"
                         "line 15: 1. %a is allocated here\n"
                         "line 16: 2. %a is freed here\n"
                         "line 17: 3. %a is freed again here")
        self.assertNotIn("relatedInformation", d[1])
        self.assertNotIn("codeDescription", d[0])

    def test_compact_diagnostics_leave_source_and_links_to_the_client(self):
        # A client that declares compactDiagnostics (as the VS Code
        # extension does) gets our diagnostics without `source` and
        # `codeDescription`, and fills them in from the base the initialize
        # result names; MLIR's own errors keep their source. A capability,
        # not a setting: older servers ignore it without a warning.
        c = self.start(capabilities={"experimental": {"bufferlens": {
            "compactDiagnostics": True}}})
        base = "file://" + os.path.join(ARGS.source_dir, "README.md")
        ours = self.init_result["result"]["capabilities"]["experimental"]
        self.assertEqual(ours["bufferlens"]["codeDescriptionBase"], base)
        path = self.inputs("leak.mlir")
        c.open(uri_of(path), read(path))
        d = c.diagnostics(uri_of(path))["diagnostics"]
        want = expected_diagnostics(path)
        for x in want:
            self.assertEqual(x.pop("source"), "bufferlens")
            self.assertEqual(x.pop("codeDescription")["href"],
                             base + "#" + x["code"].lower())
        self.assertEqual(d, want)
        broken = "file:///tmp/compact-broken.mlir"
        c.open(broken, "func.func @f() {\n  %0 = \n}\n")
        d = c.diagnostics(broken)["diagnostics"]
        self.assertEqual([(x["source"], x["severity"]) for x in d],
                         [("mlir", 1)])
        # Settings do not turn it on: it is the client's to declare.
        c = self.start(options={"compactDiagnostics": True})
        m = c.wait_for(lambda m: m.get("method") == "window/showMessage")
        self.assertEqual(m["params"]["message"],
                         "BufferLens settings (initializationOptions): "
                         "unknown setting 'compactDiagnostics'")
        c.open(uri_of(path), read(path))
        self.assertEqual(c.diagnostics(uri_of(path))["diagnostics"],
                         expected_diagnostics(path))

    def test_incremental_and_full_changes(self):
        c = self.start()
        path = self.inputs("leak.mlir")
        uri = uri_of(path)
        text = read(path)
        c.open(uri, text)
        self.assertEqual(len(c.diagnostics(uri, 1)["diagnostics"]), 2)
        # Delete the second dealloc of @twice (line 16): no double free.
        c.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": 2},
            "contentChanges": [{"range": rng(16, 0, 17, 0), "text": ""}]})
        d = c.diagnostics(uri, 2)["diagnostics"]
        self.assertEqual([x["code"] for x in d], ["BL101"])
        # Two edits in one notification, applied in order: free %buf on the
        # ^keep path too (line 8 is `  cf.br ^exit` of ^keep).
        c.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": 3},
            "contentChanges": [
                {"range": rng(8, 0, 8, 0),
                 "text": "  memref.dealloc %buf : memref<4xf32>\n"},
                {"range": rng(0, 0, 0, 0), "text": "// edited\n"}]})
        self.assertEqual(c.diagnostics(uri, 3)["diagnostics"], [])
        c.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": 4},
            "contentChanges": [{"text": text}]})
        self.assertEqual(len(c.diagnostics(uri, 4)["diagnostics"]), 2)

    def test_parse_error_diagnostic(self):
        c = self.start()
        uri = "file:///tmp/broken.mlir"
        c.open(uri, "func.func @f() {\n  %0 = memref.alloc( : memref<2xf32>\n}\n")
        d = c.diagnostics(uri)["diagnostics"]
        self.assertEqual(len(d), 1)
        self.assertEqual((d[0]["source"], d[0]["severity"]), ("mlir", 1))
        self.assertNotIn("code", d[0])

    def test_close_clears_diagnostics(self):
        c = self.start()
        path = self.inputs("leak.mlir")
        c.open(uri_of(path), read(path))
        c.diagnostics(uri_of(path))
        c.notify("textDocument/didClose",
                 {"textDocument": {"uri": uri_of(path)}})
        self.assertEqual(c.diagnostics(uri_of(path)),
                         {"uri": uri_of(path), "diagnostics": []})
        r = c.call("textDocument/hover", {
            "textDocument": {"uri": uri_of(path)}, "position": pos(2, 3)})
        self.assertEqual(r["error"]["code"], -32602)

    # Settings --------------------------------------------------------------

    def test_settings_from_initialization_and_configuration(self):
        c = self.start(options={"checks": {"BL101": "off",
                                           "BL102": "warning"}})
        path = self.inputs("leak.mlir")
        uri = uri_of(path)
        c.open(uri, read(path))
        d = c.diagnostics(uri)["diagnostics"]
        self.assertEqual([(x["code"], x["severity"]) for x in d],
                         [("BL102", 2)])
        # Nested under the section name (most clients)...
        c.notify("workspace/didChangeConfiguration",
                 {"settings": {"bufferlens": {"checks": {}}}})
        d = c.diagnostics(uri)["diagnostics"]
        self.assertEqual([(x["code"], x["severity"]) for x in d],
                         [("BL101", 1), ("BL102", 1)])
        # ...or at the top level (VS Code's client).
        c.notify("workspace/didChangeConfiguration",
                 {"settings": {"checks": {"BL102": "off"},
                               "codeDescriptionBaseUrl":
                               "https://example.org/codes"}})
        d = c.diagnostics(uri)["diagnostics"]
        self.assertEqual([(x["code"], x["codeDescription"]["href"])
                          for x in d],
                         [("BL101", "https://example.org/codes#bl101")])

    def test_invalid_settings_are_reported(self):
        c = self.start(options={"checks": {"BL999": "off"}, "stage": 3})
        m = c.wait_for(lambda m: m.get("method") == "window/showMessage")
        self.assertEqual(m["params"]["type"], 2)
        self.assertIn("unknown finding code 'BL999'", m["params"]["message"])
        # The server's own settings, each of the wrong type, in one message.
        c = self.start(options={"codeDescriptionBaseUrl": 5,
                                "debounceMs": -1, "adaptiveDebounce": "yes",
                                "progressThresholdBytes": 1.5,
                                "earlyDiagnosticsBytes": -5,
                                "analysisThreads": "two"})
        m = c.wait_for(lambda m: m.get("method") == "window/showMessage")
        self.assertEqual(
            m["params"]["message"],
            "BufferLens settings (initializationOptions): "
            "'codeDescriptionBaseUrl' must be a string; "
            "'debounceMs' must be a non-negative integer; "
            "'adaptiveDebounce' must be true or false; "
            "'progressThresholdBytes' must be a non-negative integer; "
            "'earlyDiagnosticsBytes' must be a non-negative integer; "
            "'analysisThreads' must be a non-negative integer")

    def more_publishes(self, c, uri, version):
        """How many publishDiagnostics of `uri` and `version` are still
        unread after a request's round trip (any publish sent before the
        answer is in by then)."""
        c.call("workspace/symbol", {"query": ""})
        return len([m for m in c.seen
                    if m.get("method") == "textDocument/publishDiagnostics"
                    and m["params"]["uri"] == uri
                    and m["params"].get("version") == version])

    EARLY_TEXT = """func.func @freed(%arg0: i1) {
  %0 = memref.alloc() : memref<8xf32>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  memref.dealloc %0 : memref<8xf32>
  cf.br ^bb2
^bb2:
  return
}
func.func @merge(%arg0: i1, %arg1: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg1 : memref<8xf32>)
^bb2:
  %0 = memref.alloc() : memref<8xf32>
  cf.br ^bb3(%0 : memref<8xf32>)
^bb3(%1: memref<8xf32>):
  %v = memref.load %1[%c0] : memref<8xf32>
  return %v : f32
}
"""

    def test_open_publishes_errors_first_then_everything(self):
        c = self.start(options={"earlyDiagnosticsBytes": 0})
        uri = "file:///tmp/early.mlir"
        c.open(uri, self.EARLY_TEXT)
        early = c.diagnostics(uri, 1)["diagnostics"]
        self.assertEqual([(d["code"], d["severity"], d["range"], d["message"])
                          for d in early],
                         [("BL101", 1, rng(1, 2, 1, 4),
                           "%0 leaks when %arg0 is false: "
                           "^bb0 -> ^bb2 -> return")])
        complete = c.diagnostics(uri, 1)["diagnostics"]
        for d in early:
            self.assertIn(d, complete)
        self.assertEqual(sorted(d["code"] for d in complete),
                         ["BL101", "BL201", "BL302"])
        self.assertEqual(self.more_publishes(c, uri, 1), 0)
        # An edit publishes once, the complete set.
        self.prepend_line(c, uri, 2)
        after = c.diagnostics(uri, 2)["diagnostics"]
        self.assertEqual(sorted(d["code"] for d in after),
                         ["BL101", "BL201", "BL302"])
        self.assertEqual(self.more_publishes(c, uri, 2), 0)
        # Below the threshold (the default, 64 KiB) an open publishes once.
        c2 = self.start()
        c2.open(uri, self.EARLY_TEXT)
        self.assertEqual(len(c2.diagnostics(uri, 1)["diagnostics"]), 3)
        self.assertEqual(self.more_publishes(c2, uri, 1), 0)

    def test_queries_are_answered_before_a_large_open_ends(self):
        # 100k lines of the bench's mixture: the whole analysis takes about
        # a second; a hover or the inlay hints of a few lines come from the
        # functions there analysed alone, and say what the whole analysis
        # says once it is done.
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "mix.mlir")
            subprocess.run([sys.executable, os.path.join(
                ARGS.source_dir, "bench", "gen_module.py"), "100000", path],
                check=True)
            text = read(path)
        lines = text.split("\n")
        # The block argument %0 of a function near the end.
        target = max(i for i, line in enumerate(lines)
                     if line.startswith("^bb2(%0: memref<8xf32>"))
        hover = {"textDocument": {"uri": None},
                 "position": pos(target, lines[target].index("%0") + 1)}
        hints = {"textDocument": {"uri": None},
                 "range": rng(target - 4, 0, target + 3, 0)}
        c = self.start()
        uri = "file:///tmp/reach.mlir"
        hover["textDocument"]["uri"] = hints["textDocument"]["uri"] = uri
        c.open(uri, text)
        early_hover = c.call("textDocument/hover", hover)["result"]
        early_hints = c.call("textDocument/inlayHint", hints)["result"]
        log = c.log_with("before its analysis ends")
        self.assertRegex(log, r"answering from file:///tmp/reach.mlir "
                              r"version 1 at \d+-\d+ before its analysis "
                              r"ends: 1 of \d+ top-level operations")
        # The whole analysis: published, then answering the same.
        c.log_with("analysed file:///tmp/reach.mlir version 1: whole")
        self.assertEqual(c.call("textDocument/hover", hover)["result"],
                         early_hover)
        self.assertEqual(c.call("textDocument/inlayHint", hints)["result"],
                         early_hints)
        self.assertIn("**%0** : `memref<8xf32>`",
                      early_hover["contents"]["value"])
        self.assertGreater(len(early_hints), 0)

    # Features --------------------------------------------------------------

    def test_xrefs(self):
        c = self.start()
        path = self.example("condBranch.mlir")
        uri = self.opened(c, path)
        doc = {"textDocument": {"uri": uri}}
        # %0: defined on line 16 (0-based), used on 17 and 18.
        d = c.call("textDocument/definition", dict(doc, position=pos(18, 13)))
        self.assertEqual(d["result"], {"uri": uri, "range": rng(16, 2, 16, 4)})
        refs = c.call("textDocument/references", dict(
            doc, position=pos(16, 3), context={"includeDeclaration": True}))
        self.assertEqual([r["range"] for r in refs["result"]],
                         [rng(16, 2, 16, 4), rng(17, 20, 17, 22),
                          rng(18, 13, 18, 15)])
        refs = c.call("textDocument/references", dict(
            doc, position=pos(16, 3), context={"includeDeclaration": False}))
        self.assertEqual(len(refs["result"]), 2)
        hl = c.call("textDocument/documentHighlight",
                    dict(doc, position=pos(17, 21)))
        self.assertEqual([(h["range"], h["kind"]) for h in hl["result"]],
                         [(rng(16, 2, 16, 4), 3), (rng(17, 20, 17, 22), 2),
                          (rng(18, 13, 18, 15), 2)])
        # A block label: ^bb3 used by two branches.
        d = c.call("textDocument/definition", dict(doc, position=pos(14, 9)))
        self.assertEqual(d["result"]["range"], rng(19, 0, 19, 4))
        refs = c.call("textDocument/references", dict(
            doc, position=pos(19, 1), context={"includeDeclaration": True}))
        self.assertEqual([r["range"] for r in refs["result"]],
                         [rng(19, 0, 19, 4), rng(14, 8, 14, 12),
                          rng(18, 8, 18, 12)])

    def test_document_symbols(self):
        c = self.start()
        path = self.example("condBranch.mlir")
        uri = uri_of(path)
        c.open(uri, read(path))
        s = c.call("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
        fn = s["result"][0]
        self.assertEqual((fn["name"], fn["kind"], fn["detail"]),
                         ("@condBranch", 12, "bufferized"))
        self.assertEqual(fn["selectionRange"], rng(10, 10, 10, 21))
        self.assertEqual(fn["range"], rng(10, 0, 22, 1))
        self.assertEqual([(b["name"], b["kind"], b["selectionRange"])
                          for b in fn["children"]],
                         [("^bb1", 3, rng(13, 0, 13, 4)),
                          ("^bb2", 3, rng(15, 0, 15, 4)),
                          ("^bb3", 3, rng(19, 0, 19, 4))])

    # Semantic tokens -------------------------------------------------------

    TOKEN_TYPES = ["function", "variable", "label", "type", "keyword",
                   "comment", "string", "number", "macro", "decorator"]
    TOKEN_MODIFIERS = ["declaration", "definition", "owned", "borrowed",
                       "freed", "criticalAlias", "allocated", "copied"]

    def decode_tokens(self, data):
        """(line, character, length, type, [modifiers]) per token."""
        self.assertEqual(len(data) % 5, 0)
        out, line, character = [], 0, 0
        for i in range(0, len(data), 5):
            dl, dc, length, kind, bits = data[i:i + 5]
            character = dc if dl else character + dc
            line += dl
            out.append((line, character, length, self.TOKEN_TYPES[kind],
                        [m for b, m in enumerate(self.TOKEN_MODIFIERS)
                         if bits & (1 << b)]))
        return out

    def test_semantic_tokens_legend(self):
        self.start()
        caps = self.init_result["result"]["capabilities"]
        self.assertEqual(caps["semanticTokensProvider"], {
            "legend": {"tokenTypes": self.TOKEN_TYPES,
                       "tokenModifiers": self.TOKEN_MODIFIERS},
            "full": {"delta": True}, "range": True})

    def test_semantic_tokens_full_and_range(self):
        c = self.start()
        uri = self.opened(c, self.example("branch.mlir"))
        full = c.call("textDocument/semanticTokens/full",
                      {"textDocument": {"uri": uri}})["result"]
        self.assertIsInstance(full["resultId"], str)
        tokens = self.decode_tokens(full["data"])
        # `^bb3(%2: memref<2xf32>):  // crit. alias of %1 and %0`: %2 is
        # the critical alias (BL201); the ownership-based pass gives the
        # block argument its own indicator, so neither owned nor borrowed.
        line21 = [t for t in tokens if t[0] == 21]
        self.assertEqual(line21, [
            (21, 0, 4, "label", ["definition"]),
            (21, 5, 2, "variable", ["definition", "criticalAlias"]),
            (21, 9, 13, "type", []),
            (21, 26, 27, "comment", [])])
        # `  %0 = memref.alloc() : memref<2xf32>  // aliases: %2`
        self.assertEqual([t for t in tokens if t[0] == 12], [
            (12, 2, 2, "variable", ["definition", "owned"]),
            (12, 7, 12, "macro", []),
            (12, 24, 13, "type", []),
            (12, 39, 14, "comment", [])])
        self.assertEqual(tokens[0], (0, 0, 89, "comment", []))
        # A range: the tokens that intersect it, no resultId.
        r = c.call("textDocument/semanticTokens/range", {
            "textDocument": {"uri": uri}, "range": rng(21, 0, 22, 0)})
        self.assertEqual(r["result"].keys(), {"data"})
        self.assertEqual(self.decode_tokens(r["result"]["data"]), line21)

    def test_semantic_tokens_delta(self):
        c = self.start()
        uri = self.opened(c, self.example("branch.mlir"))
        doc = {"textDocument": {"uri": uri}}
        first = c.call("textDocument/semanticTokens/full", doc)["result"]
        # One line more: a load of %2 before the return.
        c.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": 2},
            "contentChanges": [{"range": rng(23, 0, 23, 0), "text":
                                "  %u3 = memref.load %2[%c0] : "
                                "memref<2xf32>\n"}]})
        c.diagnostics(uri, 2)
        delta = c.call("textDocument/semanticTokens/full/delta",
                       dict(doc, previousResultId=first["resultId"]))["result"]
        self.assertNotEqual(delta["resultId"], first["resultId"])
        self.assertEqual(len(delta["edits"]), 1)
        data = list(first["data"])
        for e in reversed(delta["edits"]):
            data[e["start"]:e["start"] + e["deleteCount"]] = e.get("data", [])
        fresh = c.call("textDocument/semanticTokens/full", doc)["result"]
        self.assertEqual(data, fresh["data"])
        self.assertLess(len(delta["edits"][0]["data"]), len(fresh["data"]))
        self.assertIn((23, 20, 2, "variable", ["criticalAlias"]),
                      self.decode_tokens(fresh["data"]))
        # A previous result the server does not know: the whole array.
        again = c.call("textDocument/semanticTokens/full/delta",
                       dict(doc, previousResultId="nonsense"))["result"]
        self.assertEqual(again["data"], fresh["data"])
        self.assertNotIn("edits", again)

    def test_semantic_tokens_errors(self):
        c = self.start()
        missing = "file:///nowhere/absent.mlir"
        for method, extra in [
                ("textDocument/semanticTokens/full", {}),
                ("textDocument/semanticTokens/range",
                 {"range": rng(0, 0, 1, 0)}),
                ("textDocument/semanticTokens/full/delta",
                 {"previousResultId": "1.1"})]:
            r = c.call(method, dict(extra, textDocument={"uri": missing}))
            self.assertEqual(r["error"], {
                "code": -32602,
                "message": "the document is not open: " + missing}, method)
        uri = self.opened(c, self.example("branch.mlir"))
        for method, params in [
                ("textDocument/semanticTokens/full", {"textDocument": {}}),
                ("textDocument/semanticTokens/full", {"uri": uri}),
                ("textDocument/semanticTokens/range",
                 {"textDocument": {"uri": uri}}),
                ("textDocument/semanticTokens/range",
                 {"textDocument": {"uri": uri}, "range": rng(2, 0, 1, 0)}),
                ("textDocument/semanticTokens/full/delta",
                 {"textDocument": {"uri": uri}}),
                ("textDocument/semanticTokens/full/delta",
                 {"textDocument": {"uri": uri}, "previousResultId": 3})]:
            r = c.call(method, params)
            self.assertEqual(r["error"]["code"], -32602, (method, params))

    def test_document_symbol_over_budget_is_not_analysed(self):
        # A function over functionBudget verifies: it is "not analysed",
        # not "does not verify"; one that does not verify still says so.
        c = self.start(options={"functionBudget": {"operations": 2}})
        uri = "file:///budget.mlir"
        c.open(uri, "func.func @big() {\n"
                    "  %0 = memref.alloc() : memref<8xf32>\n"
                    "  memref.dealloc %0 : memref<8xf32>\n"
                    "  return\n}\n"
                    "func.func @bad() -> i32 {\n  return\n}\n")
        s = c.call("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
        self.assertEqual([(f["name"], f["detail"]) for f in s["result"]],
                         [("@big", "not analysed (budget)"),
                          ("@bad", "does not verify")])

    def test_ownership_at(self):
        c = self.start()
        path = self.example("condBranch.mlir")
        uri = uri_of(path)
        c.open(uri, read(path))
        r = c.call("bufferlens/ownershipAt", {"uri": uri,
                                              "position": pos(16, 3)})
        result = r["result"]
        self.assertEqual(result["value"], "%0")
        kinds = [(x["kind"], x["range"]) for x in result["ranges"]]
        self.assertEqual(kinds[0], ("definition", rng(16, 2, 16, 4)))
        self.assertIn(("live", rng(17, 20, 17, 22)), kinds)
        # Passed to ^bb3's argument by the branch.
        self.assertIn(("ownership-transfer", rng(18, 13, 18, 15)), kinds)
        # The pipeline frees it (or its alias %1) before these terminators.
        self.assertIn(("freed", rng(18, 2, 18, 7)), kinds)
        self.assertIn(("freed", rng(21, 2, 21, 8)), kinds)
        # %1 aliases %0: its uses are alias uses.
        self.assertIn(("alias-use", rng(20, 14, 20, 16)), kinds)
        for x in result["ranges"]:
            self.assertIn(x["kind"], ["definition", "live", "alias-use",
                                      "ownership-transfer", "freed",
                                      "critical-alias"])
        none = c.call("bufferlens/ownershipAt", {"uri": uri,
                                                 "position": pos(11, 0)})
        self.assertEqual(none["result"], {"value": None, "ranges": []})

    def test_ownership_at_critical_aliases(self):
        c = self.start()
        path = self.example("condBranch.mlir")
        uri = uri_of(path)
        c.open(uri, read(path))

        def critical(line, character):
            r = c.call("bufferlens/ownershipAt", {
                "uri": uri, "position": pos(line, character)})
            return [(x["range"], x["message"]) for x in r["result"]["ranges"]
                    if x["kind"] == "critical-alias"]

        because = ("%1 is a critical alias: %0 does not properly dominate "
                   "it, so the classic deallocation gives it a buffer of its "
                   "own")
        # %0: its alias %1 (^bb3's argument) is critical, and %0 becomes
        # critical there through ^bb2's branch operand.
        self.assertEqual(critical(16, 3), [
            (rng(18, 13, 18, 15),
             "%0 flows into the critical alias %1 here: the classic "
             "deallocation clones it before cf.br in ^bb2"),
            (rng(19, 5, 19, 7), because)])
        # %1 itself: every operand that flows into it.
        self.assertEqual(critical(19, 6), [
            (rng(14, 13, 14, 18),
             "%arg1 flows into the critical alias %1 here: the classic "
             "deallocation clones it before cf.br in ^bb1"),
            (rng(18, 13, 18, 15),
             "%0 flows into the critical alias %1 here: the classic "
             "deallocation clones it before cf.br in ^bb2"),
            (rng(19, 5, 19, 7), because)])
        # %arg2 has no critical alias.
        self.assertEqual(critical(20, 19), [])

    def test_ownership_at_frees_in_source(self):
        c = self.start()
        path = self.inputs("leak.mlir")
        uri = uri_of(path)
        c.open(uri, read(path))
        r = c.call("bufferlens/ownershipAt", {"uri": uri,
                                              "position": pos(14, 3)})
        kinds = [(x["kind"], x["range"]) for x in r["result"]["ranges"]]
        self.assertEqual(kinds, [("definition", rng(14, 2, 14, 4)),
                                 ("freed", rng(15, 17, 15, 19)),
                                 ("freed", rng(16, 17, 16, 19))])

    def test_code_actions(self):
        c = self.start()
        path = self.inputs("leak.mlir")
        uri = self.opened(c, path)
        r = c.call("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": rng(0, 0, 20, 0),
            "context": {"diagnostics": []}})
        expected = []
        for f in lint_json(path)["findings"]:
            for fix in f["fixes"]:
                expected.append(fix)
        # The fixes, and one "Show path" per finding with a path (no edit).
        fixes = [a for a in r["result"] if a["kind"] == "quickfix"]
        self.assertEqual(len(fixes), len(expected))
        for action in fixes:
            self.assertIn(uri, action["edit"]["changes"])
        self.assertEqual([a["kind"] for a in r["result"]
                          if a["kind"] != "quickfix"], ["info", "info"])
        r = c.call("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": rng(0, 0, 20, 0),
            "context": {"diagnostics": [], "only": ["refactor"]}})
        self.assertEqual(r["result"], [])

    def test_code_action_inserts_the_missing_dealloc(self):
        c = self.start()
        path = self.inputs("leak.mlir")
        uri = self.opened(c, path)
        # At %buf, the leaked allocation: the free goes before ^keep's
        # branch (line 8), the last block only the leaking path takes.
        action = self.only_action_at(c, uri, 2, 3)
        self.assertEqual(action["title"], "Insert memref.dealloc %buf")
        self.assertEqual(action["kind"], "quickfix")
        self.assertEqual(action["isPreferred"], True)
        self.assertEqual([d["code"] for d in action["diagnostics"]],
                         ["BL101"])
        self.assertEqual(action["edit"], {"changes": {uri: [
            {"range": rng(8, 0, 8, 0),
             "newText": "  memref.dealloc %buf : memref<4xf32>\n"}]}})
        # Applied, the leak is gone and nothing new appears: only @twice's
        # double free is left.
        d = protocol_helpers.apply_action(c, uri, action, 2)
        self.assertEqual([(x["code"], x["range"]) for x in d],
                         [("BL102", rng(17, 2, 17, 16))])

    def test_code_action_removes_a_redundant_clone(self):
        c = self.start()
        path = self.example("dynamic_allocation.mlir")
        uri = self.opened(c, path)
        action = self.only_action_at(c, uri, 13, 10)
        self.assertEqual(
            action["title"],
            "Remove redundant clone/dealloc pair: use %1 in place of %2")
        self.assertEqual(action["kind"], "quickfix")
        self.assertEqual([d["code"] for d in action["diagnostics"]],
                         ["BL304"])
        # The clone's line, the dealloc's line, `return %2` -> `return %1`.
        self.assertEqual(action["edit"], {"changes": {uri: [
            {"range": rng(13, 0, 14, 0), "newText": ""},
            {"range": rng(14, 0, 15, 0), "newText": ""},
            {"range": rng(15, 9, 15, 11), "newText": "%1"}]}})
        self.assertEqual(
            protocol_helpers.apply_action(c, uri, action, 2), [])

    def test_code_action_removes_a_redundant_copy(self):
        c = self.start()
        path = self.example("reuseTarget.mlir")
        uri = self.opened(c, path)
        action = self.only_action_at(c, uri, 29, 5)
        self.assertEqual(
            action["title"],
            "Remove redundant copy: use %result in place of %temp")
        self.assertEqual(action["kind"], "quickfix")
        self.assertEqual([d["code"] for d in action["diagnostics"]],
                         ["BL305"])
        # The allocation's line, `outs(%temp` -> `outs(%result`, the
        # copy's and the free's lines.
        self.assertEqual(action["edit"], {"changes": {uri: [
            {"range": rng(20, 0, 21, 0), "newText": ""},
            {"range": rng(24, 36, 24, 41), "newText": "%result"},
            {"range": rng(29, 0, 30, 0), "newText": ""},
            {"range": rng(30, 0, 31, 0), "newText": ""}]}})
        self.assertEqual(
            protocol_helpers.apply_action(c, uri, action, 2), [])

    def test_every_fix_parses_and_verifies(self):
        """Each quick fix, applied, gives IR upstream mlir-opt accepts, and
        lint no longer reports what it fixed nor a new error in its place."""
        c = self.start()
        applied = []
        paths = [self.example(n) for n in sorted(os.listdir(
            os.path.join(ARGS.source_dir, "examples"))) if n.endswith(".mlir")]
        paths.append(self.inputs("leak.mlir"))
        with tempfile.TemporaryDirectory() as tmp:
            for path in paths:
                name = os.path.basename(path)
                text = read(path)
                c.open(uri_of(path), text)
                c.diagnostics(uri_of(path))
                r = c.call("textDocument/codeAction", {
                    "textDocument": {"uri": uri_of(path)},
                    "range": rng(0, 0, len(text.split("\n")), 0),
                    "context": {"diagnostics": [], "only": ["quickfix"]}})
                before = [f["code"] for f in lint_json(path)["findings"]]
                fixes = sum(len(f["fixes"])
                            for f in lint_json(path)["findings"])
                self.assertEqual(len(r["result"]), fixes, name)
                for action in r["result"]:
                    fixed = apply_edits(
                        text, action["edit"]["changes"][uri_of(path)])
                    out = subprocess.run([ARGS.mlir_opt, "-", "-o",
                                          "/dev/null"],
                                         input=fixed, capture_output=True,
                                         text=True)
                    self.assertEqual(out.returncode, 0,
                                     (name, action["title"], out.stderr))
                    fixed_path = os.path.join(tmp, name)
                    with open(fixed_path, "w", encoding="utf-8") as f:
                        f.write(fixed)
                    after = [f["code"] for f in
                             lint_json(fixed_path)["findings"]]
                    code = action["diagnostics"][0]["code"]
                    self.assertEqual(after.count(code),
                                     before.count(code) - 1,
                                     (name, action["title"], after))
                    for bad in ["BL101", "BL102", "BL103", "BL104"]:
                        self.assertLessEqual(after.count(bad),
                                             before.count(bad),
                                             (name, action["title"], bad))
                    applied.append(action["title"].split(" %")[0]
                                   .split(":")[0])
        # Each kind of fix fires on the examples at least once.
        self.assertEqual(sorted(set(applied)),
                         ["Allocate", "Hoist", "Insert memref.dealloc",
                          "Remove redundant clone/dealloc pair",
                          "Remove redundant copy"])
        print("applied %d fixes" % len(applied), file=sys.stderr)

    def test_refactor_applies_the_pipeline(self):
        """'Apply the buffer-deallocation-pipeline to @f' replaces @f with
        what upstream mlir-opt's pipeline makes of it."""
        def function_text(module_text, name):
            # Both sides printed the same way by upstream mlir-opt, then @name
            # cut out (from its header to the closing brace at its indent).
            out = subprocess.run([ARGS.mlir_opt, "-", "--mlir-print-local-scope",
                                  "-allow-unregistered-dialect"],
                                 input=module_text, capture_output=True,
                                 text=True, check=True).stdout
            lines = out.split("\n")
            start = [n for n, l in enumerate(lines)
                     if l.lstrip().startswith("func.func @%s(" % name)][0]
            indent = lines[start][:len(lines[start]) - len(
                lines[start].lstrip())]
            end = start
            while lines[end] != indent + "}":
                end += 1
            return "\n".join(lines[start:end + 1])

        c = self.start()
        compared = 0
        for name in sorted(os.listdir(os.path.join(ARGS.source_dir,
                                                   "examples"))):
            if not name.endswith(".mlir"):
                continue
            path = self.example(name)
            text = read(path)
            uri = uri_of(path)
            c.open(uri, text)
            c.diagnostics(uri)
            lines = text.split("\n")
            header = [n for n, l in enumerate(lines)
                      if l.startswith("func.func @")][0]
            fn = re.match(r"func.func @([\w]+)", lines[header]).group(1)
            r = c.call("textDocument/codeAction", {
                "textDocument": {"uri": uri},
                "range": rng(header + 1, 2, header + 1, 2),
                "context": {"diagnostics": [], "only": ["refactor"]}})
            upstream = subprocess.run(
                [ARGS.mlir_opt, "--buffer-deallocation-pipeline",
                 "-allow-unregistered-dialect", path],
                capture_output=True, text=True)
            if (upstream.returncode != 0 or "memref.dealloc" in text
                    or "memref<" not in text):
                # Rejected by the pass, already freeing, or still on tensors
                # (the pass then has nothing to do: it runs after One-Shot
                # Bufferize): not offered.
                self.assertEqual(r["result"], [], name)
                continue
            # (BL303's action comes first where the range touches its hint.)
            r["result"] = [a for a in r["result"]
                           if not a["title"].startswith("Multi-buffer ")]
            self.assertEqual(len(r["result"]), 1, name)
            action = r["result"][0]
            self.assertEqual(
                action["title"],
                "Apply the buffer-deallocation-pipeline to @" + fn)
            self.assertEqual(action["kind"], "refactor.rewrite")
            self.assertNotIn("edit", action)
            resolved = c.call("codeAction/resolve", action)["result"]
            edits = resolved["edit"]["changes"][uri]
            self.assertEqual(len(edits), 1)
            e = edits[0]
            self.assertEqual(e["range"]["start"], pos(header, 0), name)
            fixed = apply_edits(text, edits)
            self.assertEqual(function_text(fixed, fn),
                             function_text(upstream.stdout, fn), name)
            compared += 1
        self.assertGreaterEqual(compared, 5)
        # An action offered for version 1 is not resolved for version 2.
        path = self.example("condBranch.mlir")
        uri = uri_of(path)
        r = c.call("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": rng(12, 2, 12, 2),
            "context": {"diagnostics": [], "only": ["refactor"]}})
        self.prepend_line(c, uri, 2)
        c.diagnostics(uri, 2)
        stale = c.call("codeAction/resolve", r["result"][0])
        self.assertEqual(stale["error"]["code"], -32801)

    def test_refactor_multi_buffers(self):
        """On a BL303 hint, 'Multi-buffer %0 in its scf.for' replaces the
        function with what upstream's transform.memref.multibuffer (factor
        2) makes of it; bufferlens/rewrite previews the same module."""
        path = self.example("multi_buffer.mlir")
        with tempfile.TemporaryDirectory() as work:
            script = os.path.join(work, "factor2.mlir")
            with open(os.path.join(ARGS.source_dir, "test", "lit", "Inputs",
                                   "multibuffer.transform.mlir")) as f:
                text = f.read().replace("factor = 5", "factor = 2")
            with open(script, "w") as f:
                f.write(text)
            upstream = subprocess.run(
                [ARGS.mlir_opt, "--transform-preload-library="
                 "transform-library-paths=" + script,
                 "--transform-interpreter", path],
                capture_output=True, text=True, check=True).stdout
        c = self.start()
        uri = self.opened(c, path)
        text = read(path)
        # At `%0 = memref.alloc()` (line 19): the BL303 hint's action, then
        # the pipeline's.
        r = c.call("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": rng(18, 8, 18, 8),
            "context": {"diagnostics": [], "only": ["refactor"]}})
        self.assertEqual(r["result"], [
            {"title": "Multi-buffer %0 in its scf.for (memref::multiBuffer, "
                      "2 slices)",
             "kind": "refactor.rewrite",
             "data": {"uri": uri, "version": 1, "function": "multi_buffer",
                      "allocation": text.index("memref.alloc()")}},
            {"title": "Apply the buffer-deallocation-pipeline to "
                      "@multi_buffer",
             "kind": "refactor.rewrite",
             "data": {"uri": uri, "version": 1,
                      "function": "multi_buffer"}}])
        # Away from the allocation: only the pipeline.
        r = c.call("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": rng(20, 2, 20, 2),
            "context": {"diagnostics": [], "only": ["refactor"]}})
        self.assertEqual([a["title"] for a in r["result"]],
                         ["Apply the buffer-deallocation-pipeline to "
                          "@multi_buffer"])
        action = c.call("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": rng(18, 8, 18, 8),
            "context": {"diagnostics": [], "only": ["refactor"]}})[
                "result"][0]
        resolved = c.call("codeAction/resolve", action)["result"]
        edits = resolved["edit"]["changes"][uri]
        self.assertEqual(len(edits), 1)
        header = text.index("func.func @multi_buffer")
        self.assertEqual(edits[0]["range"]["start"],
                         pos(text[:header].count("\n"), 0))
        fixed = apply_edits(text, edits)
        printed = subprocess.run([ARGS.mlir_opt, "-"], input=fixed,
                                 capture_output=True, text=True, check=True)
        self.assertEqual(printed.stdout, upstream)
        # The preview: the whole module, as mlir-opt prints it.
        r = c.call("bufferlens/rewrite", {
            "uri": uri, "strategy": "multiBuffer", "position": pos(18, 2)})
        self.assertEqual(r["result"], {"text": upstream})
        r = c.call("bufferlens/rewrite", {
            "uri": uri, "strategy": "multiBuffer", "position": pos(20, 2)})
        self.assertEqual(r["error"]["code"], -32803)
        self.assertEqual(r["error"]["message"],
                         "the rewrite failed: no memref.alloc here")
        r = c.call("bufferlens/rewrite", {"uri": uri,
                                          "strategy": "multiBuffer"})
        self.assertEqual(r["error"]["code"], -32602)
        # With BL303 turned off there is no hint, and no action.
        c = self.start(options={"checks": {"BL303": "off"}})
        uri = self.opened(c, path)
        r = c.call("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": rng(18, 8, 18, 8),
            "context": {"diagnostics": [], "only": ["refactor"]}})
        self.assertEqual([a["title"] for a in r["result"]],
                         ["Apply the buffer-deallocation-pipeline to "
                          "@multi_buffer"])

    def test_graph(self):
        c = self.start()
        self.assertTrue(self.init_result["result"]["capabilities"]
                        ["experimental"]["bufferlens"]["graph"])
        path = self.inputs("leak.mlir")
        uri = uri_of(path)
        c.open(uri, read(path))
        cli = subprocess.run([ARGS.bufferlens, "graph", path, "--function",
                              "twice", "--format", "dot"],
                             capture_output=True, text=True, check=True)
        r = c.call("bufferlens/graph", {"uri": uri, "function": "twice",
                                        "stage": "input", "format": "dot"})
        self.assertEqual(r["result"], {
            "function": "twice", "stage": "input", "format": "dot",
            "content": cli.stdout, "functions": ["leaky", "twice"]})
        # By position; SVG.
        r = c.call("bufferlens/graph", {"uri": uri, "position": pos(3, 2),
                                        "stage": "input", "format": "svg"})
        self.assertEqual(r["result"]["function"], "leaky")
        self.assertTrue(r["result"]["content"].startswith("<?xml"))
        # The upstream pipeline's output, linked back to the user's ranges.
        path = self.example("condBranch.mlir")
        c.open(uri_of(path), read(path))
        r = c.call("bufferlens/graph", {"uri": uri_of(path),
                                        "function": "condBranch",
                                        "stage": "pipeline", "format": "dot"})
        self.assertIn("after buffer-deallocation-pipeline", r["result"]["content"])
        self.assertIn("memref.dealloc", r["result"]["content"])
        self.assertIn("#range=", r["result"]["content"])
        for params, code in [
                ({"uri": uri, "function": "nope", "stage": "input",
                  "format": "dot"}, -32803),
                ({"uri": uri, "position": pos(12, 0), "stage": "input",
                  "format": "dot"}, -32803),
                ({"uri": uri, "function": "twice", "stage": "input",
                  "format": "png"}, -32602),
                ({"uri": uri, "stage": "input", "format": "dot"}, -32602),
                ({"uri": uri, "function": "twice", "stage": "late",
                  "format": "dot"}, -32602)]:
            r = c.call("bufferlens/graph", params)
            self.assertEqual(r["error"]["code"], code, params)

    def test_graph_links_follow_edits(self):
        path = self.inputs("leak.mlir")
        text = read(path)
        uri = uri_of(path)
        edit = {"range": rng(3, 0, 3, 0),
                "text": "  %x = arith.constant 1 : index\n"
                        "  %y = arith.constant 2 : index\n"}
        inc = self.start()
        inc.open(uri, text)
        inc.diagnostics(uri, 1)
        inc.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": 2},
            "contentChanges": [edit]})
        inc.diagnostics(uri, 2)
        fresh = self.start()
        lines = text.split("\n")
        fresh.open(uri, "\n".join(lines[:3] + [
            "  %x = arith.constant 1 : index",
            "  %y = arith.constant 2 : index"] + lines[3:]))
        for stage in ["input", "pipeline"]:
            params = {"uri": uri, "function": "twice", "stage": stage,
                      "format": "dot"}
            got = inc.call("bufferlens/graph", params)["result"]["content"]
            want = fresh.call("bufferlens/graph", params)["result"]["content"]
            # Element ids number the ops of the analysis a part came from;
            # the links into the document must agree.
            links = re.findall(r"#range=[0-9:-]+", want)
            self.assertTrue(links)
            self.assertEqual(re.findall(r"#range=[0-9:-]+", got), links,
                             stage)

    def test_rewrite_matches_upstream_pipeline(self):
        c = self.start()
        self.assertTrue(self.init_result["result"]["capabilities"]
                        ["experimental"]["bufferlens"]["rewrite"])
        for name in ["condBranch.mlir", "loop_nested_if.mlir"]:
            path = self.example(name)
            c.open(uri_of(path), read(path))
            r = c.call("bufferlens/rewrite", {"uri": uri_of(path),
                                              "strategy": "ownership",
                                              "stage": "lowered"})
            upstream = subprocess.run(
                [ARGS.mlir_opt, "--buffer-deallocation-pipeline", path],
                capture_output=True, text=True, check=True).stdout
            self.assertEqual(r["result"], {"text": upstream}, name)
        # The classic strategy: an error while analysis/rewrite/Rewrite.h lacks it,
        # else IR that upstream mlir-opt parses and verifies.
        r = c.call("bufferlens/rewrite", {"uri": uri_of(path),
                                          "strategy": "classic"})
        if "error" in r:
            self.assertEqual(r["error"]["code"], -32803)
            self.assertTrue(r["error"]["message"].startswith(
                "the rewrite failed: "))
        else:
            out = subprocess.run([ARGS.mlir_opt, "-", "-o", "/dev/null"],
                                 input=r["result"]["text"],
                                 capture_output=True, text=True)
            self.assertEqual(out.returncode, 0, out.stderr)
        r = c.call("bufferlens/rewrite", {"uri": uri_of(path),
                                          "strategy": "greedy"})
        self.assertEqual(r["error"]["code"], -32602)

    def test_rewrite_preview_keeps_rejected_functions(self):
        # The pass rejects @cfg_loop (an unstructured loop): the preview
        # runs again without it, names it at the top and rewrites the rest.
        # The retry once crashed (a module destroyed after its context).
        c = self.start()
        uri = "file:///tmp/preview.mlir"
        plain = ("func.func @plain(%c: i1) -> memref<2xf32> {\n"
                 "  %0 = memref.alloc() : memref<2xf32>\n"
                 "  return %0 : memref<2xf32>\n}\n")
        text = ("func.func @cfg_loop(%n: i1) {\n"
                "  %0 = memref.alloc() : memref<2xf32>\n"
                "  cf.br ^bb1\n^bb1:\n  cf.cond_br %n, ^bb1, ^bb2\n"
                "^bb2:\n  return\n}\n" + plain)
        c.open(uri, text)
        for stage in ["ownership", "lowered"]:
            r = c.call("bufferlens/rewrite", {"uri": uri,
                                              "strategy": "ownership",
                                              "stage": stage})
            self.assertIn("result", r, r)
            out = r["result"]["text"]
            self.assertTrue(out.startswith(
                "// @cfg_loop is left as written: the deallocation passes "
                "reject it (it already frees memory, or breaks a "
                "precondition)\n"), out)
            # @plain as mlir-opt rewrites it alone.
            flag = ("--ownership-based-buffer-deallocation"
                    if stage == "ownership"
                    else "--buffer-deallocation-pipeline")
            upstream = subprocess.run([ARGS.mlir_opt, flag, "-"], input=plain,
                                      capture_output=True, text=True,
                                      check=True).stdout
            start = upstream.index("func.func @plain")
            body = upstream[start:upstream.index("\n  }\n", start) + 4]
            self.assertIn(body, out)

    # Reuse across edits ----------------------------------------------------

    def views(self, c, uri, text, every=1):
        """Everything the server says about a document, for comparisons
        (hovers and ownershipAt on every `every`-th line; semantic tokens)."""
        doc = {"textDocument": {"uri": uri}}
        lines = text.split("\n")
        out = {
            "symbols": c.call("textDocument/documentSymbol", doc)["result"],
            "hints": c.call("textDocument/inlayHint", dict(doc, range=rng(
                0, 0, len(lines), 0)))["result"],
            "tokens": c.call("textDocument/semanticTokens/full",
                             doc)["result"]["data"]}
        hovers = []
        for n, line in enumerate(lines):
            if n % every:
                continue
            for m in re.finditer(r"[%^][\w.]+|memref\.\w+", line):
                h = c.call("textDocument/hover", dict(
                    doc, position=pos(n, m.start() + 1)))["result"]
                o = c.call("bufferlens/ownershipAt", {
                    "uri": uri, "position": pos(n, m.start() + 1)})["result"]
                hovers.append((n, m.start(), h, o))
        out["hovers"] = hovers
        return out

    def test_one_function_edit_equals_whole_analysis(self):
        generated = subprocess.run(
            [sys.executable, os.path.join(ARGS.source_dir, "bench",
                                          "gen_module.py"), "60", "/dev/stdout"],
            capture_output=True, text=True, check=True).stdout
        # checker/leak.mlir calls declarations (@keep, @make), which every
        # analysis keeps: an edit of a caller is analysed alone. A call of a
        # function with a body ties the two.
        calls_definition = (
            "func.func @callee(%m: memref<2xf32>) {\n"
            "  %c0 = arith.constant 0 : index\n"
            "  %v = memref.load %m[%c0] : memref<2xf32>\n"
            "  return\n}\n"
            "func.func @caller() {\n"
            "  %0 = memref.alloc() : memref<2xf32>\n"
            "  call @callee(%0) : (memref<2xf32>) -> ()\n"
            "  return\n}\n") + "".join(
                "func.func @other%d() {\n"
                "  %%0 = memref.alloc() : memref<4xf32>\n"
                "  %%c0 = arith.constant 0 : index\n"
                "  %%v = memref.load %%0[%%c0] : memref<4xf32>\n"
                "  return\n}\n" % i for i in range(4))
        cases = [("generated.mlir", generated),
                 ("calls-definition.mlir", calls_definition),
                 ("leak.mlir", read(self.inputs("leak.mlir"))),
                 ("calls.mlir", read(os.path.join(
                     ARGS.source_dir, "test", "lit", "checker",
                     "leak.mlir")))]
        for name in ["condBranch.mlir", "loop_nested_if.mlir",
                     "mixedAllocation.mlir", "ownership_example.mlir"]:
            cases.append((name, read(self.example(name))))
        tied = 0
        for name, text in cases:
            lines = text.split("\n")
            # The line that opens each function's body.
            headers = []
            for n, l in enumerate(lines):
                if l.startswith("func.func"):
                    while not lines[n].rstrip().endswith("{"):
                        n += 1
                    headers.append(n)
            self.assertTrue(headers, name)
            for header in headers:
                edited = lines[:header + 1] + \
                    ["  %edited = arith.constant 7 : index"] + \
                    lines[header + 1:]
                edited = "\n".join(edited)
                uri = "file:///tmp/reuse-" + name
                inc = self.start()
                inc.open(uri, text)
                inc.diagnostics(uri, 1)
                inc.notify("textDocument/didChange", {
                    "textDocument": {"uri": uri, "version": 2},
                    "contentChanges": [{"range": rng(header + 1, 0,
                                                     header + 1, 0),
                                        "text": "  %edited = arith.constant"
                                                " 7 : index\n"}]})
                got = inc.diagnostics(uri, 2)["diagnostics"]
                fresh = self.start()
                fresh.open(uri, edited, version=2)
                want = fresh.diagnostics(uri, 2)["diagnostics"]
                self.assertEqual(got, want, (name, header))
                self.assertEqual(self.views(inc, uri, edited),
                                 self.views(fresh, uri, edited),
                                 (name, header))
                # And back: the line removed again.
                inc.notify("textDocument/didChange", {
                    "textDocument": {"uri": uri, "version": 3},
                    "contentChanges": [{"range": rng(header + 1, 0,
                                                     header + 2, 0),
                                        "text": ""}]})
                got = inc.diagnostics(uri, 3)["diagnostics"]
                fresh.notify("textDocument/didChange", {
                    "textDocument": {"uri": uri, "version": 3},
                    "contentChanges": [{"text": text}]})
                self.assertEqual(got, fresh.diagnostics(uri, 3)["diagnostics"])
                self.assertEqual(self.views(inc, uri, text),
                                 self.views(fresh, uri, text))
                inc.call("shutdown")
                log = inc.log_with("version 3: ") if \
                    self.transport == "stdio" else ""
                if self.transport == "stdio":
                    self.assertIn("version 2: one top-level operation", log,
                                  name)
                    self.assertIn("version 3: one top-level operation", log,
                                  name)
                    end = header
                    while not lines[end].startswith("}"):
                        end += 1
                    declared = set(re.findall(
                        r"^func\.func private @(\w+)\([^{]*$", text, re.M))
                    callees = re.findall(r"call @(\w+)",
                                         "\n".join(lines[header:end]))
                    if any(c not in declared for c in callees):
                        self.assertIn("tied to it by symbols", log, name)
                        tied += 1
                    elif callees:
                        self.assertNotIn("tied to it by symbols", log, name)
                inc.close()
                fresh.close()
        if self.transport == "stdio":
            self.assertEqual(tied, 1)  # @caller

    def test_random_edits_equal_whole_analysis(self):
        """Seeded random edits through incremental didChange: mostly valid
        ones (an op inserted in a body, a function inserted between two),
        some anywhere (text deleted or inserted, valid or not). After each,
        the diagnostics equal a fresh analysis of the same text."""
        rand = random.Random(20261122)
        anywhere = ["\n", " ", "%", "}", "{", "@", "\"", "^bb1",
                    "  cf.br ^bb1\n", "// bufferlens: disable BL302\n"]
        # Several functions per document, so that most edits leave text
        # after them for the reused parts to shift.
        generated = subprocess.run(
            [sys.executable, os.path.join(ARGS.source_dir, "bench",
                                          "gen_module.py"), "120", "/dev/stdout"],
            capture_output=True, text=True, check=True).stdout
        sources = [("generated.mlir", generated)] * 4 + [
            (n, read(self.example(n))) for n in sorted(os.listdir(
                os.path.join(ARGS.source_dir, "examples")))
            if n.endswith(".mlir")]
        c = self.start(options={"debounceMs": 0})

        def position(text, offset):
            line = text.count("\n", 0, offset)
            return pos(line, offset - (text.rfind("\n", 0, offset) + 1))

        def comparable(diagnostics):
            for d in diagnostics:
                for r in d.get("relatedInformation", []):
                    r["location"]["uri"] = "-"
            return diagnostics

        def line_starts(text, pattern):
            return [m.start() for m in re.finditer(pattern, text, re.M)]

        for n in range(20):
            name, text = rand.choice(sources)
            self.assertTrue(text.isascii(), name)  # offsets are UTF-16 too
            uri = "file:///tmp/random-%d-%s" % (n, name)
            c.open(uri, text)
            c.diagnostics(uri, 1)
            for version in range(2, 2 + rand.randint(1, 5)):
                kind = rand.random()
                body = line_starts(text, r"^  (?![ }])")
                tops = line_starts(text, r"^func\.func")
                if kind < 0.45 and body:
                    at = end = rand.choice(body)
                    new = rand.choice([
                        "  %%e%d = memref.alloc() : memref<2xf32>\n",
                        "  %%e%d = arith.constant 7 : index\n"]) % version
                elif kind < 0.6 and tops:
                    at = end = rand.choice(tops)
                    new = "func.func @e%d() {\n  return\n}\n" % version
                elif kind < 0.8:
                    at = rand.randrange(len(text) + 1)
                    end = min(len(text), at + rand.randint(1, 15))
                    new = ""
                else:
                    at = end = rand.randrange(len(text) + 1)
                    new = rand.choice(anywhere)
                c.notify("textDocument/didChange", {
                    "textDocument": {"uri": uri, "version": version},
                    "contentChanges": [{"range": {
                        "start": position(text, at),
                        "end": position(text, end)}, "text": new}]})
                text = text[:at] + new + text[end:]
                got = c.diagnostics(uri, version)["diagnostics"]
                fresh = "file:///tmp/fresh-%d-%d-%s" % (n, version, name)
                c.open(fresh, text)
                want = c.diagnostics(fresh, 1)["diagnostics"]
                c.notify("textDocument/didClose",
                         {"textDocument": {"uri": fresh}})
                self.assertEqual(comparable(got), comparable(want),
                                 (name, version, text))
            c.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        if self.transport == "stdio":
            # Not vacuous: many edits took the incremental path.
            log = c.log_with("published %s version 1" % fresh)
            self.assertGreater(log.count(": one top-level operation"), 10)

    def test_parts_answer_like_one_whole_analysis(self):
        """A document analysed in parallel parts (analysis/parts/Partition.h)
        gives the same diagnostics, hovers, hints, symbols and ownership
        decorations as one whole analysis, before and after an edit."""
        text = ""
        for copy in range(3):
            for name in sorted(os.listdir(os.path.join(ARGS.source_dir,
                                                       "examples"))):
                if name.endswith(".mlir") and "partial_write" not in name:
                    text += re.sub(r"@([A-Za-z_])", r"@c%d_\1" % copy,
                                   read(self.example(name))).replace(
                                       "#map", "#c%dmap" % copy)
        # A call from the last copy into the first ties those two together.
        text += ("func.func @caller(%b: i1) {\n"
                 "  call @c0_branch(%b) : (i1) -> ()\n  return\n}\n")
        uri = "file:///tmp/parts.mlir"
        lines = text.split("\n")
        # An edit in the body of a function in the last third.
        header = [n for n, l in enumerate(lines)
                  if l.startswith("func.func @c2_dynamic_allocation")][0]
        edit = {"range": rng(header + 1, 0, header + 1, 0),
                "text": "  %edited = memref.alloc() : memref<2xf32>\n"}
        edited = "\n".join(lines[:header + 1] +
                           ["  %edited = memref.alloc() : memref<2xf32>"] +
                           lines[header + 1:])
        answers = []
        for threads in (1, 3):
            # The text is over 64 KiB: without a higher threshold, version
            # 1 would be published errors first, then complete (README,
            # "Errors first"), and the complete set is what is compared.
            c = self.start(options={"analysisThreads": threads,
                                    "earlyDiagnosticsBytes": 1 << 24})
            c.open(uri, text)
            first = c.diagnostics(uri, 1)["diagnostics"]
            before = self.views(c, uri, text, every=5)
            c.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": 2},
                "contentChanges": [edit]})
            second = c.diagnostics(uri, 2)["diagnostics"]
            after = self.views(c, uri, edited, every=5)
            c.call("shutdown")
            answers.append((first, before, second, after))
            if self.transport == "stdio":
                log = c.log_with("version 2: ")
                self.assertRegex(log, "version 1: whole document " +
                                 ("in 3 parts" if threads == 3 else
                                  "in [0-9]+ ms"))
                self.assertIn("version 2: one top-level operation", log)
            c.close()
        self.assertGreater(len(answers[0][0]), 50)
        self.assertIn("BL101", [d.get("code") for d in answers[0][2]])
        for got, want, what in zip(answers[1], answers[0],
                                   ["open", "open views", "edit",
                                    "edit views"]):
            self.assertEqual(got, want, what)

    def test_edits_that_need_the_whole_document(self):
        c = self.start()
        path = self.inputs("leak.mlir")
        uri = self.opened(c, path)
        # A renamed function is one operation again (no other names it).
        c.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": 2},
            "contentChanges": [{"range": rng(13, 11, 13, 16),
                                "text": "thrice"}]})
        d = c.diagnostics(uri, 2)["diagnostics"]
        self.assertEqual([x["code"] for x in d], ["BL101", "BL102"])
        # A function added changes the list of operations: analysed whole.
        c.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": 3},
            "contentChanges": [{"range": rng(0, 0, 0, 0),
                                "text": "func.func @new() {\n  return\n}\n"}]})
        d = c.diagnostics(uri, 3)["diagnostics"]
        self.assertEqual([x["code"] for x in d], ["BL101", "BL102"])
        c.call("shutdown")
        if self.transport == "stdio":
            log = c.log_with("version 3: ")
            self.assertIn("version 2: one top-level operation (2 of 2)", log)
            self.assertIn("version 3: whole document (top-level operations "
                          "added, removed or not cut)", log)

    def test_edit_between_operations_is_seen(self):
        # The text between top-level operations (here the second module's
        # header) is compared too: a broken header is a parse error, not
        # "nothing changed".
        c = self.start()
        uri = "file:///tmp/two-modules.mlir"
        c.open(uri, "module {\n  func.func @a() {\n    return\n  }\n}\n"
                    "module {\n  func.func @b() {\n    return\n  }\n}\n")
        self.assertEqual(c.diagnostics(uri, 1)["diagnostics"], [])
        c.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": 2},
            "contentChanges": [{"range": rng(5, 0, 5, 6), "text": "modul"}]})
        d = c.diagnostics(uri, 2)["diagnostics"]
        self.assertEqual([(x["range"], x["source"], x["message"]) for x in d],
                         [(rng(5, 0, 5, 5), "mlir",
                           "custom op 'modul' is unknown (tried "
                           "'builtin.modul' as well)")])

    def test_edit_that_comments_out_the_next_operation(self):
        # `//` typed before the next function's indentation comments out its
        # first line: a parse error, not an edit of one function.
        c = self.start()
        uri = "file:///tmp/comment-next.mlir"
        c.open(uri, "// bufferlens: stage=deallocated\nmodule {\n"
                    "  func.func @a() {\n    return\n  }\n"
                    "  func.func @b() {\n    return\n  }\n"
                    "  func.func @c() {\n"
                    "    %0 = memref.alloc() : memref<2xf32>\n"
                    "    return\n  }\n}\n")
        self.assertEqual([x["code"] for x in
                          c.diagnostics(uri, 1)["diagnostics"]], ["BL101"])
        c.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": 2},
            "contentChanges": [{"range": rng(8, 0, 8, 0), "text": "//"}]})
        d = c.diagnostics(uri, 2)["diagnostics"]
        self.assertEqual([(x["range"], x["source"], x["message"]) for x in d],
                         [(rng(10, 4, 10, 10), "mlir",
                           "custom op 'return' is unknown (tried "
                           "'builtin.return' as well)")])

    # Scheduling: cancellation and stale versions ---------------------------

    def test_cancel_waiting_request(self):
        # A debounce longer than any test: the edit is analysed only when
        # the document is saved, so the hover surely waits.
        c = self.start(options={"debounceMs": 3600000,
                                "adaptiveDebounce": False})
        path = self.inputs("leak.mlir")
        uri = self.opened(c, path)
        self.prepend_line(c, uri, 2)
        id = c.request("textDocument/hover", {
            "textDocument": {"uri": uri}, "position": pos(3, 3)})
        c.notify("$/cancelRequest", {"id": id})
        r = c.response(id)
        self.assertEqual(r["error"]["code"], -32800)
        c.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
        self.assertEqual(len(c.diagnostics(uri, 2)["diagnostics"]), 2)
        # Cancelling an answered request does nothing.
        c.notify("$/cancelRequest", {"id": id})
        h = c.call("textDocument/hover", {
            "textDocument": {"uri": uri}, "position": pos(3, 3)})
        self.assertIn("%buf", h["result"]["contents"]["value"])

    def test_stale_request_gets_content_modified(self):
        c = self.start(options={"debounceMs": 3600000,
                                "adaptiveDebounce": False})
        path = self.inputs("leak.mlir")
        uri = self.opened(c, path)
        self.prepend_line(c, uri, 2)
        id = c.request("textDocument/hover", {
            "textDocument": {"uri": uri}, "position": pos(3, 3)})
        self.prepend_line(c, uri, 3)
        self.assertEqual(c.response(id)["error"]["code"], -32801)
        c.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
        # Version 2 was superseded and never published.
        d = c.diagnostics(uri)
        self.assertEqual(d["version"], 3)
        self.assertEqual(d["diagnostics"][0]["range"], rng(4, 2, 4, 6))

    def test_debounce_adapts_to_the_analysis_time(self):
        # The last analysis took milliseconds, so an edit waits that long,
        # not the hour debounceMs allows: diagnostics come without a save.
        c = self.start(options={"debounceMs": 3600000})
        path = self.inputs("leak.mlir")
        uri = self.opened(c, path)
        self.prepend_line(c, uri, 2)
        d = c.diagnostics(uri, 2)["diagnostics"]
        self.assertEqual([x["range"] for x in d],
                         [rng(3, 2, 3, 6), rng(17, 2, 17, 16)])

    def test_progress_for_long_analyses(self):
        c = self.start(options={"progressThresholdBytes": 0},
                       capabilities={"window": {"workDoneProgress": True}})
        path = self.inputs("leak.mlir")
        c.open(uri_of(path), read(path))
        create = c.wait_for(lambda m: m.get("method") ==
                            "window/workDoneProgress/create")
        token = create["params"]["token"]
        c.send_json({"jsonrpc": "2.0", "id": create["id"], "result": None})
        begin = c.wait_for(lambda m: m.get("method") == "$/progress" and
                           m["params"]["value"]["kind"] == "begin")
        end = c.wait_for(lambda m: m.get("method") == "$/progress" and
                         m["params"]["value"]["kind"] == "end")
        self.assertEqual(begin["params"]["token"], token)
        self.assertEqual(end["params"]["token"], token)

    # Crash isolation -------------------------------------------------------

    def test_crash_is_isolated(self):
        c = self.start()
        good = self.inputs("leak.mlir")
        c.open(uri_of(good), read(good))
        c.diagnostics(uri_of(good))
        uri = "file:///tmp/bufferlens-crash.mlir"
        text = deep_crash_text()
        c.open(uri, text)
        d = c.diagnostics(uri)["diagnostics"]
        crash = [x for x in d if "crashed" in x["message"]]
        self.assertEqual(len(crash), 1, d)
        self.assertEqual(crash[0]["message"],
                         "the analysis crashed (segmentation fault) in this "
                         "operation; the rest of the file was analysed "
                         "without it, and the next edit analyses it again")
        self.assertEqual(crash[0]["range"]["start"], pos(4, 0))
        self.assertEqual(crash[0]["range"]["end"]["line"], 4)
        # @fine was analysed: freeing an argument is BL104.
        self.assertEqual([x.get("code") for x in d if x is not crash[0]],
                         ["BL104"])
        # The other document is still served.
        h = c.call("textDocument/hover", {
            "textDocument": {"uri": uri_of(good)}, "position": pos(2, 3)})
        self.assertIn("%buf", h["result"]["contents"]["value"])
        # An edit that removes the culprit is analysed again.
        fixed = text.split("func.func @deep")[0]
        c.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": 2},
            "contentChanges": [{"text": fixed}]})
        d = c.diagnostics(uri, 2)["diagnostics"]
        self.assertEqual([x.get("code") for x in d], ["BL104"])
        self.assertEqual(c.shutdown_and_exit()[1], 0)


class StdioTest(ProtocolTest, unittest.TestCase):
    transport = "stdio"


class TcpTest(ProtocolTest, unittest.TestCase):
    transport = "tcp"


class ServeCommandTest(unittest.TestCase):
    def test_refuses_remote_without_flag(self):
        out = subprocess.run([ARGS.bufferlens, "serve", "--listen",
                              "8.8.8.8:0"], capture_output=True, text=True)
        self.assertEqual(out.returncode, 2)
        self.assertIn("not a loopback address", out.stderr)

    def test_bad_arguments(self):
        for args in [["--listen", "nope"], ["--max-message-bytes", "x"],
                     ["--frobnicate"]]:
            out = subprocess.run([ARGS.bufferlens, "serve", *args],
                                 capture_output=True, text=True)
            self.assertEqual(out.returncode, 2, args)

    def test_stdin_closed_without_exit(self):
        out = subprocess.run([ARGS.bufferlens, "serve"], input=b"",
                             capture_output=True)
        self.assertEqual(out.returncode, 1)


def nested_scf_if(depth):
    """A function whose body nests `depth` scf.if regions, with a leaked
    allocation in the innermost one (BL101 at its line)."""
    lines = ["func.func @deep(%c: i1) {"] + ["scf.if %c {"] * depth
    lines.append("%m = memref.alloc() : memref<2xf32>")
    lines += ["}"] * depth + ["return", "}", ""]
    return "\n".join(lines)


def nested_params(method, levels, id=None):
    """A message whose `params` nests arrays so that the whole message
    nests `levels` containers deep (the message object is the first)."""
    head = '{"jsonrpc": "2.0", %s"method": "%s", "params": ' % (
        "" if id is None else '"id": %s, ' % json.dumps(id), method)
    return (head + "[" * (levels - 1) + "]" * (levels - 1) + "}").encode()


class AdversarialTest:
    """Inputs a hostile or broken client sends: each is answered (an error
    or a result) and the next request still is. Mixed into one TestCase
    per transport, with ProtocolTest's helpers but not its tests."""
    transport = None
    start = ProtocolTest.start
    inputs = ProtocolTest.inputs

    def assert_still_serving(self, c):
        r = c.call("bufferlens/noSuchMethod", {})
        self.assertEqual(r["error"]["code"], -32601)

    def test_deeply_nested_json_is_refused(self):
        refused = {"code": -32600,
                   "message": "the message nests deeper than 256 levels"}
        for initialize in (False, True):
            c = self.start(initialize=initialize)
            # A notification: no id to answer with.
            c.send_raw(frame(nested_params("$/cancelRequest", 100000)))
            r = c.wait_for(lambda m: "error" in m)
            self.assertEqual(r, {"jsonrpc": "2.0", "id": None,
                                 "error": refused})
            # A request: its id is read although its params are refused.
            c.send_raw(frame(nested_params("textDocument/hover", 100000,
                                           id=7)))
            self.assertEqual(c.response(7)["error"], refused)
            c.send_raw(frame(nested_params("textDocument/hover", 257,
                                           id="s")))
            self.assertEqual(c.response("s")["error"], refused)
            # 256 levels are a message like any other.
            c.send_raw(frame(nested_params("bufferlens/noSuchMethod", 256,
                                           id=8)))
            self.assertEqual(c.response(8)["error"]["code"],
                             -32002 if not initialize else -32601)
            r = c.call("shutdown")
            if initialize:
                self.assertEqual(r["result"], None)
            else:
                self.assertEqual(r["error"]["code"], -32002)

    def test_oversized_message_keeps_its_id_when_it_comes_first(self):
        c = self.start(args=["--max-message-bytes", "4096"])
        params = {"textDocument": {"uri": "file:///a.mlir",
                                   "text": "x" * 10000}}
        first = json.dumps({"jsonrpc": "2.0", "id": "big",
                            "method": "textDocument/hover",
                            "params": params}).encode()
        c.send_raw(frame(first))
        self.assertEqual(c.response("big")["error"], {
            "code": -32600, "message": "message of %d bytes exceeds the "
            "limit of 4096 bytes" % len(first)})
        # Past the first 4096 bytes the id is not looked for.
        last = json.dumps({"jsonrpc": "2.0", "method": "textDocument/hover",
                           "params": params, "id": 12}).encode()
        c.send_raw(frame(last))
        r = c.wait_for(lambda m: "error" in m)
        self.assertEqual((r["id"], r["error"]["code"]), (None, -32600))
        self.assert_still_serving(c)

    def invalid_edit(self, c, uri, version, change):
        c.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [change]})

    def test_edits_that_are_not_ranges_of_the_text_drop_it(self):
        path = self.inputs("leak.mlir")
        text = read(path)
        uri = uri_of(path)
        lines = text.count("\n") + 1
        for change, shown in [
                ({"range": rng(3, 0, 2, 0), "text": ""},
                 '{"end":{"character":0,"line":2},'
                 '"start":{"character":0,"line":3}}'),
                ({"range": rng(-1, 0, 0, 0), "text": ""},
                 '{"end":{"character":0,"line":0},'
                 '"start":{"character":0,"line":-1}}'),
                ({"range": rng(0, 0, 2 ** 40, 0), "text": ""},
                 '{"end":{"character":0,"line":1099511627776},'
                 '"start":{"character":0,"line":0}}'),
                ({"range": rng(lines, 0, lines, 0), "text": "x"},
                 '{"end":{"character":0,"line":%d},'
                 '"start":{"character":0,"line":%d}}' % (lines, lines))]:
            c = self.start()
            c.open(uri, text)
            self.assertEqual(len(c.diagnostics(uri, 1)["diagnostics"]), 2)
            self.invalid_edit(c, uri, 2, change)
            message = ("BufferLens lost this document's text: an edit's "
                       "range %s is not a range of the text. Edits are "
                       "ignored until the whole text is sent again (reopen "
                       "the document)." % shown)
            log = c.wait_for(
                lambda m: m.get("method") == "window/logMessage")
            self.assertEqual(log["params"],
                             {"type": 1, "message": uri + ": " + message})
            d = c.diagnostics(uri)
            self.assertEqual(d, {"uri": uri, "diagnostics": [{
                "range": rng(0, 0, 0, 0), "severity": 1,
                "source": "bufferlens", "message": message}]})
            # No text the client does not have is analysed or answered from.
            r = c.call("textDocument/documentSymbol",
                       {"textDocument": {"uri": uri}})
            self.assertEqual(r["error"]["code"], -32602)
            # Incremental edits wait for the whole text; it brings the
            # document back.
            self.invalid_edit(c, uri, 3, {"range": rng(0, 0, 0, 0),
                                          "text": "\n"})
            self.invalid_edit(c, uri, 4, {"text": text})
            d = c.diagnostics(uri, 4)["diagnostics"]
            self.assertEqual(d, expected_diagnostics(path))

    def test_a_character_past_the_line_end_is_the_line_end(self):
        # LSP 3.17, Position: "If the character value is greater than the
        # line length it defaults back to the line length."
        path = self.inputs("leak.mlir")
        text = read(path)
        uri = uri_of(path)
        c = self.start()
        c.open(uri, text)
        c.diagnostics(uri, 1)
        # Placed anywhere but the end of line 0, the comment would hide
        # code of line 1 and change the findings.
        self.invalid_edit(c, uri, 2, {"range": rng(0, 10000, 0, 2 ** 31),
                                      "text": " // end"})
        self.assertEqual(c.diagnostics(uri, 2)["diagnostics"],
                         expected_diagnostics(path))
        self.assertFalse([m for m in c.seen
                          if m.get("method") == "window/logMessage"])

    def test_graph_defaults_are_the_cli_defaults(self):
        c = self.start()
        path = self.inputs("leak.mlir")
        uri = uri_of(path)
        c.open(uri, read(path))
        cli = subprocess.run([ARGS.bufferlens, "graph", path, "--function",
                              "twice"], capture_output=True, text=True,
                             check=True)
        r = c.call("bufferlens/graph", {"uri": uri, "function": "twice"})
        self.assertEqual(r["result"], {
            "function": "twice", "stage": "input", "format": "dot",
            "content": cli.stdout, "functions": ["leaky", "twice"]})
        r = c.call("bufferlens/graph", {"uri": uri, "function": "twice",
                                        "stage": 3})
        self.assertEqual(r["error"], {"code": -32602,
                                      "message": "'stage' must be a string"})

    def test_initialization_options_under_the_section_name(self):
        c = self.start(options={"bufferlens": {"checks": {"BL101": "off"}}})
        path = self.inputs("leak.mlir")
        c.open(uri_of(path), read(path))
        d = c.diagnostics(uri_of(path))["diagnostics"]
        self.assertEqual([x["code"] for x in d], ["BL102"])
        self.assertFalse([m for m in c.seen
                          if m.get("method") == "window/showMessage"])

    def test_nul_byte_is_refused_like_lint_does(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "nul.mlir")
            text = read(self.inputs("leak.mlir"))
            text = text.replace("\n", "\n\0", 1)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            out = subprocess.run([ARGS.bufferlens, "lint", path],
                                 capture_output=True, text=True)
            self.assertEqual((out.returncode, out.stderr.splitlines()[0]),
                             (2, path + ": error: binary text (contains NUL "
                              "bytes), not analysed"))
            c = self.start()
            c.open(uri_of(path), text)
            d = c.diagnostics(uri_of(path))["diagnostics"]
            self.assertEqual(d, [{
                "range": rng(1, 0, 1, 1), "severity": 1,
                "source": "bufferlens",
                "message": "binary text (contains NUL bytes), not analysed"}])
            self.assert_still_serving(c)

    def test_deep_region_nesting_is_analysed(self):
        # 5,200 nested scf.if: upstream mlir-opt overflows its 8 MiB stack
        # at about 5,000; the server analyses on threads with a large stack.
        # (Deeper costs time: MLIR's own parse and verification are
        # quadratic in the depth, mlir-opt takes 4 s at 4,000.)
        if self.transport != "stdio":
            self.skipTest("the transports share everything past framing")
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "deep.mlir")
            with open(path, "w", encoding="utf-8") as f:
                f.write(nested_scf_if(5200))
            # The early publish (nothing: no errors) comes first.
            c = self.start(options={"earlyDiagnosticsBytes": 0})
            c.open(uri_of(path), read(path))
            self.assertEqual(c.diagnostics(uri_of(path))["diagnostics"], [])
            d = c.diagnostics(uri_of(path))["diagnostics"]
            self.assertIn(("BL301", 5201),
                          [(x.get("code"), x["range"]["start"]["line"])
                           for x in d])
            self.assertFalse([x for x in d if "crashed" in x["message"]])
            self.assertEqual(d, expected_diagnostics(path))
            self.assert_still_serving(c)


    def test_adversarial_corpus(self):
        """test/lsp/adversarial.py: each case gets its answer, and the
        request after it is answered too, in one server."""
        if self.transport != "stdio":
            self.skipTest("the transports share everything past framing")
        import adversarial
        c = self.start()
        for name, frames, (kind, key, want) in adversarial.cases():
            for data in frames:
                c.send_raw(data)
            if kind == "response":
                r = (c.wait_for(lambda m: "error" in m and m["id"] is None)
                     if key is None else c.response(key))
                if want is None:
                    self.assertIn("result", r, name)
                else:
                    self.assertEqual(r["error"]["code"], want, name)
            else:
                # A document's earlier versions may publish first.
                c.wait_for(lambda m: m.get("method") ==
                           "textDocument/publishDiagnostics" and
                           m["params"]["uri"] == key and
                           want(m["params"]["diagnostics"]) is None,
                           "%s: diagnostics as expected" % name)
            self.assert_still_serving(c)


class AdversarialStdioTest(AdversarialTest, unittest.TestCase):
    transport = "stdio"


class AdversarialTcpTest(AdversarialTest, unittest.TestCase):
    transport = "tcp"


class OutputClosedTest(unittest.TestCase):
    def test_server_exits_when_its_output_is_closed(self):
        proc = subprocess.Popen([ARGS.bufferlens, "serve"],
                                stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
        self.addCleanup(proc.kill)
        proc.stdout.close()
        body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                           "params": {"capabilities": {}}}).encode()
        proc.stdin.write(frame(body))
        proc.stdin.flush()
        # Its input stays open: only the failed write can end it. (The
        # bound is against a hang, not a measure of speed.)
        self.assertEqual(proc.wait(timeout=60), 1)
        self.assertIn(b"the client closed the server's output: exiting",
                      proc.stderr.read())
        proc.stdin.close()
        proc.stderr.close()

if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--bufferlens", required=True)
    parser.add_argument("--source-dir", required=True)
    parser.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    ARGS, rest = parser.parse_known_args()
    protocol_helpers.ARGS = ARGS
    unittest.main(argv=[sys.argv[0]] + rest)
