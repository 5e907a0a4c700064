"""A scripted LSP client for the protocol tests: starts `bufferlens serve`,
speaks JSON-RPC over its stdio or over TCP, and collects every message the
server sends on a reader thread. Waiting is bounded polling on that queue;
no test depends on how fast the server is."""

import json
import os
import queue
import re
import socket
import subprocess
import threading
import time

# An upper bound against hangs only: a healthy server answers in far less.
WAIT_SECONDS = 120


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class LSPClient:
    def __init__(self, binary, args=(), transport="stdio", cwd=None):
        self.transport = transport
        self.messages = queue.Queue()
        self.seen = []  # Everything read so far, in order.
        self.next_id = 0
        self.stderr_lines = []
        self.diagnostics_parse_seconds = {}
        if transport == "stdio":
            self.proc = subprocess.Popen(
                [binary, "serve", *args], stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd)
            self.out = self.proc.stdin
            self.inp = self.proc.stdout
            threading.Thread(target=self._drain_stderr, daemon=True).start()
        else:
            self.proc = subprocess.Popen(
                [binary, "serve", "--listen", "127.0.0.1:0", *args],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE, cwd=cwd)
            port = None
            for raw in self.proc.stderr:
                line = raw.decode("utf-8", "replace")
                self.stderr_lines.append(line)
                m = re.match(r"listening on .*:(\d+)", line)
                if m:
                    port = int(m.group(1))
                    break
            if port is None:
                raise RuntimeError("the server did not listen: %s" %
                                   "".join(self.stderr_lines))
            threading.Thread(target=self._drain_stderr, daemon=True).start()
            self.sock = socket.create_connection(("127.0.0.1", port))
            self.out = self.sock.makefile("wb")
            self.inp = self.sock.makefile("rb")
        threading.Thread(target=self._read, daemon=True).start()

    def _drain_stderr(self):
        for raw in self.proc.stderr:
            self.stderr_lines.append(raw.decode("utf-8", "replace"))

    def _read(self):
        try:
            while True:
                length = None
                while True:
                    line = self.inp.readline()
                    if not line:
                        self.messages.put(None)
                        return
                    line = line.decode("ascii").strip()
                    if not line:
                        break
                    name, _, value = line.partition(":")
                    if name.lower() == "content-length":
                        length = int(value)
                body = self.inp.read(length)
                start = time.perf_counter()
                message = json.loads(body)
                if message.get("method") == "textDocument/publishDiagnostics":
                    # How long this client took to parse it (bench/).
                    params = message.get("params", {})
                    self.diagnostics_parse_seconds[
                        (params.get("uri"), params.get("version"))] = \
                        time.perf_counter() - start
                self.messages.put(message)
        except (OSError, ValueError):
            self.messages.put(None)

    # Sending -------------------------------------------------------------

    def send_raw(self, data: bytes):
        self.out.write(data)
        self.out.flush()

    def send_json(self, message):
        self.send_raw(frame(json.dumps(message).encode("utf-8")))

    def request(self, method, params=None, id=None):
        if id is None:
            self.next_id += 1
            id = self.next_id
        message = {"jsonrpc": "2.0", "id": id, "method": method}
        if params is not None:
            message["params"] = params
        self.send_json(message)
        return id

    def notify(self, method, params=None):
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send_json(message)

    # Receiving -----------------------------------------------------------

    def wait_for(self, predicate, what="a message"):
        """Returns the first message (already seen or arriving) that
        satisfies predicate, and removes it from `seen`."""
        for i, message in enumerate(self.seen):
            if predicate(message):
                return self.seen.pop(i)
        while True:
            try:
                message = self.messages.get(timeout=WAIT_SECONDS)
            except queue.Empty:
                raise AssertionError("no %s from the server" % what)
            if message is None:
                raise AssertionError("the server closed the stream while "
                                     "waiting for %s; stderr:\n%s" %
                                     (what, "".join(self.stderr_lines)))
            if predicate(message):
                return message
            self.seen.append(message)

    def log_with(self, needle):
        """The server's log so far, once it contains `needle` (bounded
        polling: the log arrives on stderr, apart from the messages)."""
        deadline = time.monotonic() + WAIT_SECONDS
        while True:
            log = "".join(self.stderr_lines)
            if needle in log or time.monotonic() > deadline:
                return log
            time.sleep(0.01)

    def response(self, id):
        return self.wait_for(lambda m: m.get("id") == id and "method" not in m,
                             "the response to %r" % (id,))

    def call(self, method, params=None):
        return self.response(self.request(method, params))

    def diagnostics(self, uri, version=None):
        def match(m):
            if m.get("method") != "textDocument/publishDiagnostics":
                return False
            p = m["params"]
            return p["uri"] == uri and (version is None or
                                        p.get("version") == version)
        return self.wait_for(match, "diagnostics for %s" % uri)["params"]

    def initialize(self, options=None, capabilities=None):
        capabilities = dict(capabilities or {})
        # What VS Code declares for diagnostics (the server sends related
        # information and code links only to clients that show them),
        # unless the caller says what publishDiagnostics supports.
        text_document = dict(capabilities.get("textDocument", {}))
        text_document.setdefault("publishDiagnostics", {
            "relatedInformation": True, "codeDescriptionSupport": True})
        capabilities["textDocument"] = text_document
        params = {"processId": os.getpid(), "rootUri": None,
                  "capabilities": capabilities}
        if options is not None:
            params["initializationOptions"] = options
        result = self.call("initialize", params)
        self.notify("initialized", {})
        return result

    def open(self, uri, text, version=1):
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "mlir", "version": version,
            "text": text}})

    def shutdown_and_exit(self):
        response = self.call("shutdown")
        self.notify("exit")
        return response, self.wait_exit()

    def wait_exit(self):
        return self.proc.wait(timeout=WAIT_SECONDS)

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        for stream in (self.out, self.inp, self.proc.stdin, self.proc.stdout,
                       self.proc.stderr):
            try:
                if stream:
                    stream.close()
            except OSError:
                pass
        if self.transport == "tcp":
            self.sock.close()
