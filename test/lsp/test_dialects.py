#!/usr/bin/env python3
"""The project's own dialects: an op of a dialect the server has not
loaded costs only its top-level op (the parse error, at its range, says how
to make it parse), and the other functions are analysed; the test dialect
plugin (test/plugin/, built beside the server) loaded from the client's
settings or `serve --load-dialect-plugin` makes them parse.

usage: test_dialects.py --bufferlens PATH --source-dir DIR [unittest args]
"""

import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import protocol_helpers  # noqa: E402
from protocol_helpers import FeatureTest, rng  # noqa: E402

HINT = ("; this operation is not analysed (the others are): load its "
        "dialect's plugin (`--load-dialect-plugin=PATH`, or \"plugins\" in "
        ".bufferlens.json or the server's settings), or print the IR in "
        "generic form (`mlir-opt --mlir-print-op-generic`) and describe its "
        "operations under \"operations\" in .bufferlens.json")

TEXT = ("func.func @uses_acme(%arg0: memref<8xf32>) {\n"
        "  acme.transform %arg0 : memref<8xf32>\n"
        "  return\n"
        "}\n"
        "func.func @leaks(%c: i1) {\n"
        "  %0 = memref.alloc() : memref<8xf32>\n"
        "  cf.cond_br %c, ^free, ^keep\n"
        "^free:\n"
        "  memref.dealloc %0 : memref<8xf32>\n"
        "  return\n"
        "^keep:\n"
        "  return\n"
        "}\n")


class UnknownDialectTest(FeatureTest):
    def test_unknown_custom_syntax_costs_only_its_operation(self):
        c = self.start()
        uri = "file:///tmp/unknown-dialect.mlir"
        c.open(uri, TEXT)
        diagnostics = c.diagnostics(uri)["diagnostics"]
        self.assertEqual(
            [(d["range"], d["severity"], d.get("code"), d["message"])
             for d in diagnostics],
            [(rng(1, 2, 1, 16), 1, None,
              "Dialect `acme' not found for custom op 'acme.transform'"
              + HINT),
             (rng(5, 2, 5, 4), 1, "BL101",
              "%0 leaks when %c is false: ^bb0 -> ^keep -> return")])


def plugin_path():
    """AcmePlugin.so, in the build's lib/ beside its bin/."""
    build = os.path.dirname(os.path.dirname(
        os.path.abspath(protocol_helpers.ARGS.bufferlens)))
    return os.path.join(build, "lib", "AcmePlugin.so")


ACME = ("func.func @double_free() {\n"
        "  %0 = acme.alloc : memref<8xf32>\n"
        "  acme.free %0 : memref<8xf32>\n"
        "  acme.free %0 : memref<8xf32>\n"
        "  return\n"
        "}\n")


class DialectPluginTest(FeatureTest):
    def findings(self, c, uri):
        return [(d["range"], d.get("code"), d["message"])
                for d in c.diagnostics(uri)["diagnostics"]]

    def test_plugin_from_the_client_settings(self):
        c = self.start(options={"plugins": [plugin_path()]})
        uri = "file:///tmp/acme-settings.mlir"
        c.open(uri, ACME)
        self.assertEqual(self.findings(c, uri), [
            (rng(3, 2, 3, 11), "BL102", "double free of %0: ^bb0")])

    def test_plugin_from_the_command_line(self):
        c = self.start(args=["--load-dialect-plugin=" + plugin_path()])
        uri = "file:///tmp/acme-flag.mlir"
        c.open(uri, ACME)
        self.assertEqual(self.findings(c, uri), [
            (rng(3, 2, 3, 11), "BL102", "double free of %0: ^bb0")])

    def test_a_plugin_that_does_not_load_is_said_once(self):
        missing = os.path.join(tempfile.gettempdir(), "no-such-plugin.so")
        c = self.start(options={"plugins": [missing]})
        for n, uri in enumerate(["file:///tmp/acme-a.mlir",
                                 "file:///tmp/acme-b.mlir"]):
            c.open(uri, ACME)
            self.assertEqual(self.findings(c, uri), [
                (rng(1, 7, 1, 17), None,
                 "Dialect `acme' not found for custom op 'acme.alloc'"
                 + HINT)])
        messages = [m["params"]["message"] for m in c.seen
                    if m.get("method") == "window/showMessage"]
        self.assertEqual(messages, [
            "BufferLens settings (dialect plugins): " + missing
            + ": cannot load the dialect plugin: No such file or directory"])


SCALE = ("func.func @scale_then_read(%t: tensor<8xf32>, %f: f32)"
         " -> (tensor<8xf32>, f32) {\n"
         "  %c0 = arith.constant 0 : index\n"
         "  %r = acme.scale %t by %f : tensor<8xf32>\n"
         "  %v = tensor.extract %t[%c0] : tensor<8xf32>\n"
         "  return %r, %v : tensor<8xf32>, f32\n"
         "}\n")


class PluginTensorOpTest(FeatureTest):
    def test_hover_names_the_buffer_of_a_plugin_tensor_op(self):
        # acme.scale's BufferizableOpInterface comes from the plugin: One-Shot
        # Bufferize copies %t for it (tensor.extract reads %t afterwards), and
        # the hover of its result says so.
        c = self.start(options={"plugins": [plugin_path()]})
        uri = "file:///tmp/acme-scale.mlir"
        c.open(uri, SCALE)
        self.assertEqual(
            [(d["range"], d.get("code")) for d in
             c.diagnostics(uri)["diagnostics"]],
            [(rng(2, 7, 2, 17), "BL501"), (rng(2, 7, 2, 17), "BL502")])
        h = c.call("textDocument/hover", {
            "textDocument": {"uri": uri},
            "position": {"line": 2, "character": 3}})["result"]
        self.assertEqual(h["range"], rng(2, 2, 2, 4))
        self.assertIn(
            "buffer (One-Shot Bufferize): a copy of the buffer of `%t` "
            "(operand #0 of `acme.scale`), made here: the operand is "
            "bufferized out of place because `tensor.extract` still reads "
            "the old contents after this write (32 bytes)",
            h["contents"]["value"])


if __name__ == "__main__":
    protocol_helpers.main()
