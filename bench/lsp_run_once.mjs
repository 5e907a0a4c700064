#!/usr/bin/env node
// One run of bench/lsp_bench.py's `run_once`, from a Node client.
//
// VS Code, the client people actually use, is Node: it parses each message
// with JSON.parse, which on our 11 MB publishDiagnostics at 100k lines is
// ~4x faster than the Python client's json.loads. Driving the servers from
// Node keeps that client cost at what an editor pays, so the bench measures
// the servers rather than Python.
//
// This file does what run_once does, step for step, for one server, and
// prints one JSON object on stdout with the same keys (times in seconds):
// open, hover_open, change, open_client_parse, open_cpu, change_client_parse,
// hover_p95, inlay_p95, rss_kib, and the server's CPU time per request:
// change_cpu, hover_cpu and inlay_cpu (each the CPU of all the edits,
// hovers or hints over their count: /proc ticks are 10 ms, longer than one
// request). Only Node built-ins are used, so the bench
// needs no npm install.
//
// usage: node lsp_run_once.mjs CONFIG_JSON|@CONFIG_FILE
//   CONFIG_JSON = {"argv": ["bufferlens", "serve"], "path": "gen.mlir",
//                  "uri": "file:///...", "edits": 3, "hovers": 200,
//                  "seed": 123, "options": {...} or null, "compact": bool,
//                  "uses": [[line, character], ...], "editAfter": line}
//   compact: declare compactDiagnostics as the VS Code extension does, and
//   fill in what it fills in.
//   uses (optional): the positions to hover (default: the `%x` of every
//   `memref.load %x[`); editAfter (optional): the line after which the
//   edits go (default: the `func.func` line nearest above the middle).

import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

// An upper bound against hangs only, as in test/lsp/lspclient.py.
const WAIT_MS = 120_000;
// run_once waits this long for the server to exit after `exit`.
const EXIT_WAIT_MS = 600_000;

const HEADER_END = Buffer.from("\r\n\r\n", "ascii");

// JSON-RPC with Content-Length framing over a byte stream: `write` sends
// bytes, onData() takes what the server wrote. Every message read is kept
// until someone waits for it, like LSPClient's `seen` list, so a message
// that arrives before we ask for it is not lost.
class Connection {
  constructor(write) {
    this.write = write;
    this.nextId = 0;
    this.seen = []; // {message, at, parseSeconds}, in arrival order
    this.waiters = []; // {predicate, what, resolve, reject, timer}
    this.closed = false;
    this.closeReason = null;
    // Set by initialize when the server sends compact diagnostics.
    this.fill = null;
    // Reader state: the bytes of a header not yet complete, then the body
    // being filled. The body buffer is allocated once from Content-Length
    // and each chunk is copied into it as it arrives, so an 11 MB message
    // costs one copy, spread over its arrival, and nothing at its end.
    this.head = Buffer.alloc(0);
    this.body = null;
    this.filled = 0;
  }

  onData(chunk) {
    let offset = 0;
    for (;;) {
      if (this.body === null) {
        if (offset >= chunk.length) return;
        // Headers are a few dozen bytes: joining the rest of a previous
        // chunk with this one is cheap and only happens when a header is
        // split across chunks.
        const rest = chunk.subarray(offset);
        const pending = this.head.length ? Buffer.concat([this.head, rest]) : rest;
        const end = pending.indexOf(HEADER_END);
        if (end < 0) {
          this.head = Buffer.from(pending);
          return;
        }
        const length = contentLength(pending.subarray(0, end).toString("ascii"));
        if (length === null) {
          this.fail("a message without Content-Length");
          return;
        }
        offset += end + HEADER_END.length - this.head.length;
        this.head = Buffer.alloc(0);
        this.body = Buffer.allocUnsafe(length);
        this.filled = 0;
      }
      const n = Math.min(this.body.length - this.filled, chunk.length - offset);
      chunk.copy(this.body, this.filled, offset, offset + n);
      this.filled += n;
      offset += n;
      if (this.filled < this.body.length) return; // wait for the next chunk
      const body = this.body;
      this.body = null;
      this.onMessage(body);
    }
  }

  onMessage(body) {
    // The parse time includes decoding the UTF-8, as Python's json.loads on
    // the bytes does: both are what the client pays to get at the message.
    const start = performance.now();
    const message = JSON.parse(body.toString("utf8"));
    if (this.fill && message.method === "textDocument/publishDiagnostics") {
      this.fill(message.params.diagnostics);
    }
    const at = performance.now();
    const entry = { message, at, parseSeconds: (at - start) / 1000 };
    const i = this.waiters.findIndex((w) => w.predicate(message));
    if (i < 0) {
      this.seen.push(entry);
      return;
    }
    const [waiter] = this.waiters.splice(i, 1);
    clearTimeout(waiter.timer);
    waiter.resolve(entry);
  }

  fail(reason) {
    this.closed = true;
    this.closeReason = reason;
    for (const waiter of this.waiters.splice(0)) {
      clearTimeout(waiter.timer);
      waiter.reject(new Error(`${reason} while waiting for ${waiter.what}`));
    }
  }

  // Sending ---------------------------------------------------------------

  send(message) {
    const body = Buffer.from(JSON.stringify(message), "utf8");
    // Two writes rather than one joined buffer: the body of a didOpen is
    // megabytes, and the stream takes both in order anyway.
    this.write(Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, "ascii"));
    this.write(body);
  }

  request(method, params) {
    const id = ++this.nextId;
    const message = { jsonrpc: "2.0", id, method };
    if (params !== undefined) message.params = params;
    this.send(message);
    return id;
  }

  notify(method, params) {
    const message = { jsonrpc: "2.0", method };
    if (params !== undefined) message.params = params;
    this.send(message);
  }

  // Receiving -------------------------------------------------------------

  // Resolves with the first message (already read or still to come) that
  // satisfies predicate, as {message, at, parseSeconds}; `at` is when it
  // had been read and parsed (performance.now(), ms).
  waitFor(predicate, what) {
    const i = this.seen.findIndex((entry) => predicate(entry.message));
    if (i >= 0) return Promise.resolve(this.seen.splice(i, 1)[0]);
    if (this.closed) {
      return Promise.reject(new Error(`${this.closeReason} while waiting for ${what}`));
    }
    return new Promise((resolve, reject) => {
      const waiter = { predicate, what, resolve, reject };
      waiter.timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no ${what} from the server`));
      }, WAIT_MS);
      this.waiters.push(waiter);
    });
  }

  call(method, params) {
    const id = this.request(method, params);
    return this.waitFor((m) => m.id === id && !("method" in m), `the response to ${id}`);
  }

  // The publishDiagnostics for uri and exactly that version, as
  // LSPClient.diagnostics(uri, version) matches them: a publish for another
  // version (an older analysis finishing late) does not end the wait.
  diagnostics(uri, version) {
    return this.waitFor(
      (m) =>
        m.method === "textDocument/publishDiagnostics" &&
        m.params.uri === uri &&
        (version === undefined || m.params.version === version),
      `diagnostics for ${uri} version ${version}`,
    );
  }

  async initialize(options, compact) {
    // What LSPClient.initialize() sends: of the client capabilities, what
    // VS Code declares for diagnostics (related information and code
    // links are sent only to clients that show them).
    const params = {
      processId: process.pid,
      rootUri: null,
      capabilities: {
        textDocument: {
          publishDiagnostics: { relatedInformation: true, codeDescriptionSupport: true },
        },
      },
    };
    if (compact) {
      // What the VS Code extension declares (COMPACT_DIAGNOSTICS in
      // lsp_bench.py).
      params.capabilities.experimental = { bufferlens: { compactDiagnostics: true } };
    }
    if (options !== null && options !== undefined) {
      params.initializationOptions = options;
    }
    const { message } = await this.call("initialize", params);
    this.notify("initialized", {});
    if (compact) {
      this.fill = compactDiagnosticsFiller(
        message.result?.capabilities?.experimental?.bufferlens?.codeDescriptionBase,
      );
    }
    return message;
  }

  open(uri, text, version = 1) {
    this.notify("textDocument/didOpen", {
      textDocument: { uri, languageId: "mlir", version, text },
    });
  }
}

// A server process, spoken to over its stdin and stdout (stderr ignored).
class Server extends Connection {
  constructor(argv) {
    super((bytes) => this.proc.stdin.write(bytes));
    this.proc = spawn(argv[0], argv.slice(1), {
      stdio: ["pipe", "pipe", "ignore"],
    });
    this.exitStatus = null;
    this.exited = new Promise((resolve) => {
      this.proc.once("exit", (code, signal) => {
        this.exitStatus = { code, signal };
        resolve(this.exitStatus);
      });
      // A server that cannot be started never exits: settle here, or
      // kill() would wait forever.
      this.proc.once("error", (error) => {
        this.fail(`cannot run ${argv[0]}: ${error.message}`);
        this.exitStatus ??= { error };
        resolve(this.exitStatus);
      });
    });
    // A server that dies makes writes fail with EPIPE; the waiter that is
    // then left without an answer reports it, with more context.
    this.proc.stdin.on("error", () => {});
    this.proc.stdout.on("data", (chunk) => this.onData(chunk));
    this.proc.stdout.on("end", () => this.fail("the server closed the stream"));
  }

  // The server's CPU time so far (user + system, all threads), in seconds:
  // /proc/PID/stat's utime and stime, in USER_HZ (100 on Linux).
  cpuSeconds() {
    const stat = readFileSync(`/proc/${this.proc.pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  }

  peakRssKib() {
    const status = readFileSync(`/proc/${this.proc.pid}/status`, "utf8");
    const m = /^VmHWM:\s+(\d+)/m.exec(status);
    return m ? Number(m[1]) : 0;
  }

  waitExit(ms) {
    let timer;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error("the server did not exit")), ms);
    });
    return Promise.race([this.exited, timeout]).finally(() => clearTimeout(timer));
  }

  async kill() {
    if (this.exitStatus === null) {
      this.proc.kill("SIGKILL");
      await this.exited;
    }
  }
}

function contentLength(header) {
  for (const line of header.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    if (line.slice(0, colon).trim().toLowerCase() === "content-length") {
      return Number.parseInt(line.slice(colon + 1).trim(), 10);
    }
  }
  return null;
}

// Python's str.splitlines(): the line numbers and counts have to match
// run_once's (no empty last line for a text ending in a newline).
function splitLines(text) {
  const lines = text.split(/\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/);
  if (lines.length && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

// (line, character) of `%1` uses in `memref.load %1[...]` lines, as
// value_uses in lsp_bench.py (character just after the `%`).
function valueUses(text) {
  const out = [];
  splitLines(text).forEach((line, n) => {
    const m = /memref\.load (%\w+)\[/d.exec(line);
    if (m) out.push([n, m.indices[1][0] + 1]);
  });
  return out;
}

// A small seeded generator (mulberry32): positions only need to be
// deterministic per seed, not the same as Python's Mersenne Twister.
function makeRng(seed) {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    randrange: (n) => Math.floor(random() * n),
    choice: (items) => items[Math.floor(random() * items.length)],
  };
}

// sorted(xs)[int(0.95 * (len(xs) - 1))], as run_once computes its p95.
function p95(xs) {
  if (xs.length === 0) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(0.95 * (sorted.length - 1))];
}

// statistics.median.
function median(xs) {
  if (xs.length === 0) throw new Error("median of no values");
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

// Python truthiness of a JSON value, for run_once's `assert r.get("result")`.
function truthy(value) {
  if (value === null || value === undefined || value === false) return false;
  if (value === 0 || value === "") return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object") return Object.keys(value).length > 0;
  return true;
}

const seconds = (t0, t1) => (t1 - t0) / 1000;

// Each run is a fresh Node process, so the client starts cold: its first
// few dozen round trips cost 0.1-0.3 ms more than once V8 has compiled the
// client's code and Node's own stream code (against ~0.05 ms warm), which
// showed in hover p95 and in 1k-line opens. An editor's client has long
// been warm when someone types or hovers. So first run the same code over
// real pipes against an echo process (this Node binary copying its stdin
// to its stdout): the responses and diagnostics we send come back as if a
// server had written them. Nothing reaches the server being measured.
async function warmUp(rounds = 300) {
  const echo = new Server([process.execPath, "-e", "process.stdin.pipe(process.stdout)"]);
  const uri = "file:///warm-up.mlir";
  try {
    for (let i = 0; i < rounds; i++) {
      // The request comes back too; having a method, it is no response.
      const answer = echo.call("textDocument/hover", {
        textDocument: { uri },
        position: { line: i, character: 3 },
      });
      echo.send({ jsonrpc: "2.0", id: echo.nextId, result: { contents: "x" } });
      await answer;
      const published = echo.diagnostics(uri, i + 1);
      // A publish for another version first, which must not end the wait.
      for (const version of [i, i + 1]) {
        echo.send({
          jsonrpc: "2.0",
          method: "textDocument/publishDiagnostics",
          params: { uri, version, diagnostics: [{ message: "m", severity: 2 }] },
        });
      }
      await published;
      echo.seen.length = 0;
    }
    echo.proc.stdin.end();
    await echo.waitExit(WAIT_MS);
  } finally {
    await echo.kill();
  }
}

// What the VS Code extension does with compact diagnostics
// (vscode-extension/src/diagnosticDefaults.ts): it puts back the source and
// each code's link, one parsed link per code. Done as part of the parse,
// so the client's whole cost is counted.
function compactDiagnosticsFiller(base) {
  const links = new Map();
  return (diagnostics) => {
    for (const d of diagnostics) {
      if (d.source === undefined) d.source = "bufferlens";
      if (typeof base !== "string" || typeof d.code !== "string" || !/^BL\d{3}$/.test(d.code)) continue;
      let target = links.get(d.code);
      if (target === undefined) {
        target = new URL(`${base}#${d.code.toLowerCase()}`);
        links.set(d.code, target);
      }
      d.code = { value: d.code, target };
    }
  };
}

async function runOnce({ argv, path, uri, edits, hovers, seed, options, openPublishes = 1, compact = false, uses: givenUses, editAfter }) {
  const text = readFileSync(path, "utf8");
  const rng = makeRng(seed);
  const s = new Server(argv);
  try {
    const caps = (await s.initialize(options, compact)).result.capabilities;
    const sync = caps.textDocumentSync;
    // mlir-lsp-server only takes whole texts (TextDocumentSyncKind.Full):
    // send each edit the way a client would for it.
    const fullSync = (typeof sync === "number" ? sync : sync?.change) === 1;

    const lines = splitLines(text);
    const uses = givenUses ?? valueUses(text);
    // A value nine tenths down the document, hovered right after the open
    // (what a user does who opens a file at a place they were working on).
    const lateLine = Math.floor(lines.length * 0.9);
    const late = uses.find(([line]) => line >= lateLine) ?? uses[uses.length - 1];

    let t0 = performance.now();
    s.open(uri, text);
    const hoverOpen = await s.call("textDocument/hover", {
      textDocument: { uri },
      position: { line: late[0], character: late[1] },
    });
    const hoverOpenS = seconds(t0, hoverOpen.at);
    if (!truthy(hoverOpen.message.result)) {
      throw new Error(`no hover at ${late}: ${JSON.stringify(hoverOpen.message)}`);
    }
    // bufferlens publishes a large document's errors first, then the
    // complete set (README "Errors first"): `openPublishes` is 2 then.
    const first = await s.diagnostics(uri, 1);
    const opened = openPublishes > 1 ? await s.diagnostics(uri, 1) : first;
    const openFirstS = seconds(t0, first.at);
    const openS = seconds(t0, opened.at);
    const openParse = opened.parseSeconds;
    const openCpu = s.cpuSeconds();

    // Edit inside the middle function: a line after its first line, then
    // remove it again (the text alternates between two).
    let middle = editAfter ?? Math.floor(lines.length / 2);
    while (editAfter === undefined && middle >= 0 && !lines[middle].startsWith("func.func")) middle -= 1;
    if (middle < 0) throw new Error(`no func.func before the middle of ${path}`);

    const changeS = [];
    const changeParse = [];
    const changeCpu = [];
    for (let k = 0; k < edits; k++) {
      const version = k + 2;
      let change;
      if (k % 2 === 0) {
        change = {
          range: {
            start: { line: middle + 1, character: 0 },
            end: { line: middle + 1, character: 0 },
          },
          text: `  %edit = arith.constant ${k} : index\n`,
        };
      } else {
        change = {
          range: {
            start: { line: middle + 1, character: 0 },
            end: { line: middle + 2, character: 0 },
          },
          text: "",
        };
      }
      if (fullSync) {
        const edited = [...lines];
        if (k % 2 === 0) edited.splice(middle + 1, 0, change.text.replace(/\n+$/, ""));
        change = { text: edited.join("\n") + "\n" };
      }
      const cpu0 = s.cpuSeconds();
      t0 = performance.now();
      s.notify("textDocument/didChange", {
        textDocument: { uri, version },
        contentChanges: [change],
      });
      const published = await s.diagnostics(uri, version);
      changeS.push(seconds(t0, published.at));
      changeCpu.push(s.cpuSeconds() - cpu0);
      changeParse.push(published.parseSeconds);
    }
    if (edits % 2 === 1) {
      // Leave the text as it was opened so hover positions hold.
      const version = edits + 2;
      s.notify("textDocument/didChange", {
        textDocument: { uri, version },
        contentChanges: [{ text }],
      });
      await s.diagnostics(uri, version);
    }

    const hoverS = [];
    const hoverCpu0 = s.cpuSeconds();
    for (let i = 0; i < hovers; i++) {
      const [line, character] = rng.choice(uses);
      t0 = performance.now();
      const r = await s.call("textDocument/hover", {
        textDocument: { uri },
        position: { line, character },
      });
      hoverS.push(seconds(t0, r.at));
      if (!truthy(r.message.result)) {
        throw new Error(`no hover at ${line}:${character}: ${JSON.stringify(r.message)}`);
      }
    }
    const hoverCpu = hovers ? (s.cpuSeconds() - hoverCpu0) / hovers : 0;
    // Inlay hints for a 60-line viewport (bufferlens only: the upstream
    // server has no ownership hints to compare with).
    const inlayS = [];
    const inlayCpu0 = s.cpuSeconds();
    if (!fullSync) {
      for (let i = 0; i < hovers; i++) {
        const top = rng.randrange(Math.max(1, lines.length - 60));
        t0 = performance.now();
        const r = await s.call("textDocument/inlayHint", {
          textDocument: { uri },
          range: {
            start: { line: top, character: 0 },
            end: { line: top + 60, character: 0 },
          },
        });
        inlayS.push(seconds(t0, r.at));
        if (!("result" in r.message)) {
          throw new Error(`inlayHint failed: ${JSON.stringify(r.message)}`);
        }
      }
    }
    const inlayCpu = inlayS.length ? (s.cpuSeconds() - inlayCpu0) / inlayS.length : 0;
    const rss = s.peakRssKib();
    await s.call("shutdown");
    s.notify("exit");
    await s.waitExit(EXIT_WAIT_MS);
    return {
      open_first: openFirstS,
      open: openS,
      hover_open: hoverOpenS,
      change: median(changeS),
      // Of which this client spent decoding and parsing the diagnostics.
      open_client_parse: openParse,
      // The server's CPU time up to the complete diagnostics: the work of
      // the open, whatever the cores were doing.
      open_cpu: openCpu,
      change_client_parse: median(changeParse),
      hover_p50: hoverS.length ? median(hoverS) : 0,
      hover_p95: p95(hoverS),
      inlay_p50: inlayS.length ? median(inlayS) : 0,
      inlay_p95: p95(inlayS),
      rss_kib: rss,
      // Summed over the edits, then divided: one edit is often under a tick.
      change_cpu: changeCpu.reduce((x, y) => x + y, 0) / changeCpu.length,
      hover_cpu: hoverCpu,
      inlay_cpu: inlayCpu,
    };
  } finally {
    await s.kill();
  }
}

async function main() {
  if (process.argv.length !== 3) {
    process.stderr.write("usage: node lsp_run_once.mjs CONFIG_JSON\n");
    process.exit(2);
  }
  // `@FILE`: the config is in FILE (a tensor module's hover positions are
  // too long for a command line).
  const arg = process.argv[2];
  const config = JSON.parse(arg.startsWith("@") ? readFileSync(arg.slice(1), "utf8") : arg);
  await warmUp();
  const result = await runOnce(config);
  process.stdout.write(JSON.stringify(result) + "\n");
}

main().catch((error) => {
  process.stderr.write(`lsp_run_once.mjs: ${error.stack || error}\n`);
  process.exitCode = 1;
});
