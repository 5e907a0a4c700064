"""An adversarial corpus for `bufferlens serve`, generated at sizes the test
suite affords (the large sizes of each shape belong in bench/): what a
broken or hostile client sends, each with the answer it must get.

    python3 adversarial.py OUT_DIR     writes the corpus, one file a case

Every case is `(name, frames, expect)`: `frames` are the raw bytes to
send, `expect` what must come back:
  ("response", id, error_code)   an error answer to `id` (None: id null)
  ("response", id, None)         a result answer to `id`
  ("diagnostics", uri, checker)  diagnostics of `uri`; `checker` gets the
                                 list and returns what is wrong, or None
test_protocol.py runs them in one server, each followed by a request that
must be answered too.
"""

import json
import os
import sys

INVALID_REQUEST = -32600
PARSE_ERROR = -32700
INVALID_PARAMS = -32602
METHOD_NOT_FOUND = -32601


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def message(**fields) -> bytes:
    return frame(json.dumps(dict(jsonrpc="2.0", **fields)).encode())


def open_doc(uri, text):
    return message(method="textDocument/didOpen", params={"textDocument": {
        "uri": uri, "languageId": "mlir", "version": 1, "text": text}})


def nested_scf_if(depth):
    lines = ["func.func @deep(%c: i1) {"] + ["scf.if %c {"] * depth
    lines.append("%m = memref.alloc() : memref<2xf32>")
    lines += ["}"] * depth + ["return", "}", ""]
    return "\n".join(lines)


def codes(expected):
    def check(diagnostics):
        got = [d.get("code") for d in diagnostics]
        return None if got == expected else "codes %r, not %r" % (
            got, expected)
    return check


def one_message(text):
    def check(diagnostics):
        got = [d["message"] for d in diagnostics]
        return None if any(text in m for m in got) else \
            "no diagnostic says %r: %r" % (text, got)
    return check


# One finding: BL301 (the allocation can live on the stack).
ALLOC = ("func.func @f() {\n"
        "  %0 = memref.alloc() : memref<2xf32>\n"
        "  return\n"
        "}\n")


def cases(scale=1):
    """`scale` multiplies the sizes (1: the test suite's)."""
    n = 100000 * scale
    yield ("deep arrays in a notification",
           [frame(b'{"jsonrpc":"2.0","method":"$/cancelRequest","params":' +
                  b"[" * n + b"]" * n + b"}")],
           ("response", None, INVALID_REQUEST))
    yield ("deep objects in a request",
           [frame(b'{"jsonrpc":"2.0","id":"deep","method":"textDocument/'
                  b'hover","params":' + b'{"a":' * n + b"1" + b"}" * n +
                  b"}")],
           ("response", "deep", INVALID_REQUEST))
    yield ("deep id",
           [frame(b'{"jsonrpc":"2.0","id":' + b"[" * n + b"]" * n +
                  b',"method":"shutdown"}')],
           ("response", None, INVALID_REQUEST))
    yield ("unbalanced brackets",
           [frame(b"[" * n)], ("response", None, PARSE_ERROR))
    yield ("invalid UTF-8 in a string",
           [frame(b'{"jsonrpc":"2.0","id":1,"method":"\xc3\x28"}')],
           ("response", None, PARSE_ERROR))
    yield ("an id too large for an integer",
           [frame(b'{"jsonrpc":"2.0","id":' + b"9" * 40 +
                  b',"method":"shutdown"}')],
           ("response", None, INVALID_REQUEST))
    yield ("a position line of 2^40",
           [message(id="pos", method="textDocument/hover", params={
               "textDocument": {"uri": "file:///adv/leak.mlir"},
               "position": {"line": 2 ** 40, "character": 0}})],
           ("response", "pos", INVALID_PARAMS))
    yield ("params that are an array",
           [message(id="arr", method="textDocument/hover", params=[1, 2])],
           ("response", "arr", INVALID_PARAMS))
    yield ("a long method name",
           [message(id="long", method="x" * (100000 * scale))],
           ("response", "long", METHOD_NOT_FOUND))
    yield ("a NUL byte in a document",
           [open_doc("file:///adv/nul.mlir", ALLOC.replace("\n", "\n\0", 1))],
           ("diagnostics", "file:///adv/nul.mlir",
            one_message("binary text (contains NUL bytes), not analysed")))
    yield ("5,200 nested scf.if (upstream mlir-opt overflows at 5,000)",
           [open_doc("file:///adv/deep.mlir", nested_scf_if(5200))],
           # None: the info finding that the ownership pass skipped the
           # function (regions nest past 256, analysis/ir/RegionNesting.h).
           ("diagnostics", "file:///adv/deep.mlir",
            codes([None, "BL301", "BL302"])))
    # 1,000,000: 200,000 no longer overflow the 512 MiB analysis stack of
    # an AddressSanitizer build (ide/CrashIsolation.h).
    yield ("an attribute nesting 1,000,000 arrays (crashes MLIR's parser)",
           [open_doc("file:///adv/crash.mlir",
                     "func.func @deep() attributes {nest = " +
                     "[" * 1000000 + "]" * 1000000 + "} {\n  return\n}\n")],
           ("diagnostics", "file:///adv/crash.mlir",
            one_message("the analysis crashed")))
    yield ("a line of a million characters",
           [open_doc("file:///adv/long-line.mlir",
                     "// " + "x" * (1000000 * scale) + "\n" + ALLOC)],
           ("diagnostics", "file:///adv/long-line.mlir", codes(["BL301"])))
    yield ("1,000 edits in one didChange",
           [open_doc("file:///adv/edits.mlir", ALLOC),
            message(method="textDocument/didChange", params={
                "textDocument": {"uri": "file:///adv/edits.mlir",
                                 "version": 2},
                "contentChanges": [
                    {"range": {"start": {"line": 0, "character": 0},
                               "end": {"line": 0, "character": 0}},
                     "text": "\n"}] * 1000})],
           ("diagnostics", "file:///adv/edits.mlir", codes(["BL301"])))
    yield ("an inverted edit range",
           [open_doc("file:///adv/inverted.mlir", ALLOC),
            message(method="textDocument/didChange", params={
                "textDocument": {"uri": "file:///adv/inverted.mlir",
                                 "version": 2},
                "contentChanges": [
                    {"range": {"start": {"line": 2, "character": 0},
                               "end": {"line": 1, "character": 0}},
                     "text": ""}]})],
           ("diagnostics", "file:///adv/inverted.mlir",
            one_message("BufferLens lost this document's text")))
    yield ("a graph request without stage or format",
           [open_doc("file:///adv/graph.mlir", ALLOC),
            message(id="graph", method="bufferlens/graph",
                    params={"uri": "file:///adv/graph.mlir",
                            "function": "f"})],
           ("response", "graph", None))
    yield ("a cancellation of nothing",
           [message(method="$/cancelRequest", params={"id": "nothing"}),
            message(id="after-cancel", method="shutdown-not")],
           ("response", "after-cancel", METHOD_NOT_FOUND))


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for i, (name, frames, expect) in enumerate(cases()):
        with open(os.path.join(out, "%02d.bin" % i), "wb") as f:
            f.write(b"".join(frames))
        print("%02d %s: %r" % (i, name, expect[:2]))


if __name__ == "__main__":
    main()
