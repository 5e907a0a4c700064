// A stand-in for `bufferlens serve` used by the end-to-end test until (and
// besides) the real server: a small LSP server over stdio that answers the
// requests the extension relies on, with predictable content, and logs what
// it receives (initializationOptions, configuration, custom request params)
// as JSON lines to $BL_STUB_LOG so the test can check the wire shapes.
//
// Graphs are real Graphviz output (`dot -Tsvg`) in the bufferlens/graph
// shape: block nodes and op rows are <a xlink:href="#range=..."> in <g id="bl-...">.
import { appendFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const log = (kind, data) => {
  if (process.env.BL_STUB_LOG) appendFileSync(process.env.BL_STUB_LOG, JSON.stringify({ kind, data }) + '\n');
};

// Exactly `serve`, like the real command line: an extra argument (such as the
// `--stdio` a language client adds for TransportKind.stdio) is an error.
if (process.argv[2] !== 'serve') {
  process.stderr.write(`stub: unknown command '${process.argv[2] ?? ''}'\n`);
  process.exit(2);
}
if (process.argv.length > 3) {
  process.stderr.write(`stub: bufferlens serve: invalid argument '${process.argv[3]}'\n`);
  process.exit(2);
}

const docs = new Map();

function send(msg) {
  const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...msg }), 'utf8');
  process.stdout.write(`Content-Length: ${body.length}\r\n\r\n`);
  process.stdout.write(body);
}

let buf = Buffer.alloc(0);
process.stdin.on('data', (chunk) => {
  buf = Buffer.concat([buf, chunk]);
  for (;;) {
    const headerEnd = buf.indexOf('\r\n\r\n');
    if (headerEnd < 0) return;
    const m = /Content-Length: *(\d+)/i.exec(buf.subarray(0, headerEnd).toString('ascii'));
    if (!m) throw new Error('bad header');
    const len = Number(m[1]);
    if (buf.length < headerEnd + 4 + len) return;
    const msg = JSON.parse(buf.subarray(headerEnd + 4, headerEnd + 4 + len).toString('utf8'));
    buf = buf.subarray(headerEnd + 4 + len);
    handle(msg);
  }
});
process.stdin.on('end', () => process.exit(0));

function lines(uri) {
  return (docs.get(uri) ?? '').split('\n');
}

/** Functions: name, header line, closing line. */
function functions(uri) {
  const ls = lines(uri);
  const out = [];
  for (let i = 0; i < ls.length; i++) {
    const m = /^\s*func\.func\s+(?:private\s+|public\s+)?@([\w.$-]+)/.exec(ls[i]);
    if (m) {
      let end = i;
      while (end < ls.length && !/^\}/.test(ls[end])) end++;
      out.push({ name: m[1], start: i, end });
    }
  }
  return out;
}

function publish(uri) {
  const ls = lines(uri);
  const diagnostics = [];
  const seen = new Map();
  ls.forEach((text, line) => {
    const m = /memref\.dealloc (%\w+)/.exec(text);
    if (!m) return;
    if (seen.has(m[1])) {
      diagnostics.push({
        range: { start: { line, character: m.index }, end: { line, character: text.trimEnd().length } },
        severity: 1,
        code: 'BL102',
        source: 'bufferlens',
        message: `double free: ${m[1]} was already freed on line ${seen.get(m[1]) + 1}`,
      });
    }
    seen.set(m[1], line);
  });
  send({ method: 'textDocument/publishDiagnostics', params: { uri, diagnostics } });
}

function tokenAt(uri, pos) {
  const text = lines(uri)[pos.line] ?? '';
  const re = /%[\w.$-]+/g;
  let m;
  while ((m = re.exec(text))) {
    if (pos.character >= m.index && pos.character <= m.index + m[0].length) {
      return { name: m[0], range: { start: { line: pos.line, character: m.index }, end: { line: pos.line, character: m.index + m[0].length } } };
    }
  }
  return null;
}

function esc(s) {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function graph(uri, fn, stage) {
  const ls = lines(uri);
  const blocks = [];
  let cur = { label: '^entry', start: fn.start + 1, ops: [] };
  for (let i = fn.start + 1; i < fn.end; i++) {
    const t = ls[i];
    const lab = /^\s*(\^[\w]+)/.exec(t);
    if (lab) {
      blocks.push(cur);
      cur = { label: lab[1], start: i, ops: [] };
    } else if (t.trim()) {
      cur.ops.push(i);
    }
  }
  blocks.push(cur);
  const nodes = blocks
    .filter((b) => b.ops.length)
    .map((b, bi) => {
      const last = b.ops[b.ops.length - 1];
      const rows = b.ops
        .map((l, oi) => {
          const text = ls[l];
          const c0 = text.length - text.trimStart().length;
          const bg = /memref\.alloc/.test(text) ? ' bgcolor="#c8e6c9"' : /dealloc/.test(text) ? ' bgcolor="#ffcdd2"' : '';
          return `<tr><td align="left" href="#range=${l}:${c0}-${l}:${text.length}" id="bl-op-${bi}-${oi}"${bg}>${esc(text.trim())}</td></tr>`;
        })
        .join('');
      return `b${bi} [id="bl-block-${bi}" URL="#range=${b.start}:0-${last}:${ls[last].length}" label=<<table border="1" cellborder="0" cellspacing="0" cellpadding="3"><tr><td align="left"><b>${esc(b.label)}</b></td></tr>${rows}</table>>];`;
    });
  const edges = [];
  blocks.forEach((b, bi) => {
    const term = ls[b.ops[b.ops.length - 1]] ?? '';
    for (const t of term.matchAll(/\^(\w+)/g)) {
      const ti = blocks.findIndex((x) => x.label === `^${t[1]}`);
      if (ti >= 0) edges.push(`b${bi} -> b${ti};`);
    }
  });
  const dot = `digraph "${fn.name}" { label="@${fn.name} (${stage})"; labelloc=t; node [shape=plain fontname="monospace" fontsize=12]; ${nodes.join('\n')} ${edges.join('\n')} }`;
  return execFileSync('dot', ['-Tsvg'], { input: dot }).toString('utf8');
}

function handle(msg) {
  const { id, method, params } = msg;
  const reply = (result) => send({ id, result });
  const fail = (code, message) => send({ id, error: { code, message } });
  switch (method) {
    case 'initialize':
      log('initialize', {
        initializationOptions: params.initializationOptions ?? null,
        clientName: params.clientInfo?.name,
        experimental: params.capabilities?.experimental ?? null,
      });
      return reply({
        capabilities: { textDocumentSync: { openClose: true, change: 1 }, hoverProvider: true, inlayHintProvider: true },
        serverInfo: { name: 'bufferlens-stub', version: '0' },
      });
    case 'initialized':
      return;
    case 'shutdown':
      return reply(null);
    case 'exit':
      return process.exit(0);
    case 'workspace/didChangeConfiguration':
      return log('didChangeConfiguration', params.settings);
    case 'textDocument/didOpen':
      docs.set(params.textDocument.uri, params.textDocument.text);
      return publish(params.textDocument.uri);
    case 'textDocument/didChange':
      docs.set(params.textDocument.uri, params.contentChanges[params.contentChanges.length - 1].text);
      return publish(params.textDocument.uri);
    case 'textDocument/didClose':
      docs.delete(params.textDocument.uri);
      return;
    case 'textDocument/hover': {
      const tok = tokenAt(params.textDocument.uri, params.position);
      if (!tok) return reply(null);
      return reply({ contents: { kind: 'markdown', value: `**${tok.name}**: owned (unique) — stub hover` }, range: tok.range });
    }
    case 'textDocument/inlayHint': {
      const hints = [];
      lines(params.textDocument.uri).forEach((text, line) => {
        const m = /^\s*(%\w+) = memref\.alloc/.exec(text);
        if (m) hints.push({ position: { line, character: text.indexOf(m[1]) + m[1].length }, label: 'owned', paddingLeft: true });
      });
      return reply(hints);
    }
    case 'bufferlens/graph': {
      log('graph', params);
      const fns = functions(params.uri);
      const fn = params.function
        ? fns.find((f) => f.name === params.function)
        : fns.find((f) => params.position && params.position.line >= f.start && params.position.line <= f.end);
      if (!fn) return fail(-32602, params.function ? `no function named @${params.function}` : 'no function at this position');
      return reply({ function: fn.name, stage: params.stage, format: 'svg', content: graph(params.uri, fn, params.stage), functions: fns.map((f) => f.name) });
    }
    case 'bufferlens/ownershipAt': {
      log('ownershipAt', params);
      const tok = tokenAt(params.uri, params.position);
      if (!tok) return reply({ value: null, ranges: [] });
      const ranges = [{ range: tok.range, kind: 'definition' }];
      lines(params.uri).forEach((text, line) => {
        const i = text.indexOf(`dealloc ${tok.name} `);
        if (i >= 0) ranges.push({ range: { start: { line, character: i }, end: { line, character: text.length } }, kind: 'freed', message: 'freed here' });
      });
      return reply({ value: tok.name, ranges });
    }
    case 'bufferlens/rewrite':
      log('rewrite', params);
      return reply({ text: `// stub rewrite: strategy=${params.strategy} stage=${params.stage ?? '-'}\n${docs.get(params.uri) ?? ''}` });
    default:
      if (id !== undefined) fail(-32601, `stub: ${method} not handled`);
  }
}
