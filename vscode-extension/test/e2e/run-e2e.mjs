// End-to-end test in a real VS Code (code-server, driven in headless
// Chromium): installs the packaged .vsix, opens a workspace with an .mlir
// file and checks what a user sees.
//
//   node test/e2e/run-e2e.mjs --server=real     the repository's build/bin/bufferlens
//   node test/e2e/run-e2e.mjs --server=stub     test/e2e/stub-server.mjs (a scripted LSP server)
//   node test/e2e/run-e2e.mjs --server=missing  no server at all: the error path
//
// Options: --vsix=PATH (default: the newest bufferlens-*.vsix of the
// extension), --keep (leave the temporary directory), BL_E2E_HEADED=1 is not
// supported (no display here). Exit codes: 0 passed, 1 failed, 77 skipped
// (--server=real and no usable build/bin/bufferlens yet).
// Screenshots go to test-artifacts/e2e-<server>-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, chromiumMissing } from '../support/chromium.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const EXT = resolve(HERE, '../..');
const REPO = resolve(EXT, '..');
const ARTIFACTS = join(EXT, 'test-artifacts');
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? true];
  }),
);
const MODE = args.server ?? 'real';
const SKIP = 77;
// Ceilings of bounded polling, never waits: a passing run returns as soon
// as what it waits for shows. Generous because under `ctest -j2` the
// editor shares two cores with the other suites (one run of the whole
// suite failed here while every run alone passed).
const T = { short: 30_000, long: 120_000 };

function die(code, message) {
  console.error(`e2e (${MODE}): ${message}`);
  process.exit(code);
}

if (!['real', 'stub', 'missing'].includes(MODE)) die(2, `unknown --server=${MODE}`);
const missingChromium = chromiumMissing();
if (missingChromium) die(1, missingChromium);

// ---------------------------------------------------------------------------
// The server under test.

/**
 * Is build/bin/bufferlens a language server yet? Sends `initialize` (then
 * closes stdin) and reads the answer: {usable, capabilities} or {usable:
 * false, notYet, why}.
 */
function probeServer(bin) {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
  const frame = (b) => `Content-Length: ${Buffer.byteLength(b)}\r\n\r\n${b}`;
  const r = spawnSync(bin, ['serve'], { input: frame(body), timeout: 20_000, encoding: 'utf8' });
  const out = Buffer.from(r.stdout ?? '', 'utf8');
  // Read the framed messages; the answer to `initialize` has id 1.
  for (let at = 0; ; ) {
    const headerEnd = out.indexOf('\r\n\r\n', at);
    if (headerEnd < 0) break;
    const m = /Content-Length: *(\d+)/i.exec(out.subarray(at, headerEnd).toString('ascii'));
    if (!m) break;
    const body = out.subarray(headerEnd + 4, headerEnd + 4 + Number(m[1]));
    at = headerEnd + 4 + Number(m[1]);
    try {
      const msg = JSON.parse(body.toString('utf8'));
      if (msg.id === 1 && msg.result?.capabilities) return { usable: true, capabilities: msg.result.capabilities };
    } catch {
      break;
    }
  }
  const said = `${r.stderr ?? ''}${out.toString('utf8')}`.trim().split('\n').slice(0, 3).join(' / ');
  const notYet = /unknown command/i.test(said);
  return { usable: false, notYet, why: `\`${bin} serve\` did not answer initialize (exit ${r.status ?? r.signal}): ${said}` };
}

let serverPath = null;
/**
 * Custom requests the server says it serves: `capabilities.experimental.bufferlens`
 * `{graph, ownershipAt, rewrite}` (absent: assumed served). Where the real
 * server says no, the e2e checks that the extension shows the server's
 * error instead of the feature.
 */
const serves = { graph: true, ownershipAt: true, rewrite: true };
if (MODE === 'real') {
  serverPath = process.env.BL_SERVER || join(REPO, 'build/bin/bufferlens');
  if (!existsSync(serverPath)) die(SKIP, `SKIPPED: ${serverPath} does not exist yet (build the project first).`);
  const p = probeServer(serverPath);
  if (!p.usable && p.notYet) die(SKIP, `SKIPPED: ${serverPath} has no \`serve\` command yet.`);
  if (!p.usable) die(1, p.why);
  Object.assign(serves, p.capabilities?.experimental?.bufferlens ?? {});
  console.log(`# ${serverPath} serves: ${JSON.stringify(serves)}`);
}

if (MODE === 'missing') {
  // VS Code's server takes PATH from a login shell: a `bufferlens` there
  // would be found, and there would be nothing missing to test.
  const found = spawnSync('bash', ['-lc', 'command -v bufferlens'], { encoding: 'utf8' }).stdout.trim();
  if (found) die(SKIP, `SKIPPED: ${found} is on PATH, so the server cannot be missing here.`);
}

// ---------------------------------------------------------------------------
// Environment: vsix, code-server, workspace.

function newestVsix() {
  if (typeof args.vsix === 'string') return resolve(args.vsix);
  const found = readdirSync(EXT)
    .filter((f) => /^bufferlens-.*\.vsix$/.test(f))
    .map((f) => join(EXT, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!found.length) die(1, 'no bufferlens-*.vsix: run `npm run package` first');
  return found[0];
}

function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });
}

const vsix = newestVsix();
const tmp = mkdtempSync(join(tmpdir(), `bl-e2e-${MODE}-`));
const userData = join(tmp, 'user-data');
const extensionsDir = join(tmp, 'extensions');
const workspace = join(tmp, 'workspace');
const stubLog = join(tmp, 'stub-log.jsonl');
const stubPath = join(tmp, 'bin/bufferlens');
const brokenPath = join(tmp, 'bin/bufferlens-broken');
let codeServer;
let browser;
let page;
let serverLogTail = '';

function shot(name) {
  return page?.screenshot({ path: join(ARTIFACTS, `e2e-${MODE}-${name}.png`) }).catch(() => {});
}

function userSettings(extra = {}) {
  return {
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'extensions.ignoreRecommendations': true,
    'security.workspace.trust.enabled': false,
    'window.commandCenter': false,
    'chat.commandCenter.enabled': false,
    'workbench.colorTheme': 'Default Dark Modern',
    'editor.inlayHints.enabled': 'on',
    'editor.hover.delay': 200,
    'editor.minimap.enabled': false,
    'bufferlens.checks': { BL301: 'off' },
    ...extra,
  };
}

/**
 * User settings, and the server path in the Remote ("Machine") settings:
 * `bufferlens.server.path` is machine-overridable, so in a remote window
 * (code-server is one) a value in the User settings does not apply.
 */
function writeUserSettings(extra, serverPathSetting) {
  mkdirSync(join(userData, 'User'), { recursive: true });
  writeFileSync(join(userData, 'User/settings.json'), JSON.stringify(userSettings(extra), null, 2));
  mkdirSync(join(userData, 'Machine'), { recursive: true });
  const machine = serverPathSetting ? { 'bufferlens.server.path': serverPathSetting } : {};
  writeFileSync(join(userData, 'Machine/settings.json'), JSON.stringify(machine, null, 2));
}

function stubEntries(kind) {
  if (!existsSync(stubLog)) return [];
  return readFileSync(stubLog, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .filter((e) => e.kind === kind);
}

async function waitFor(what, fn, timeout = T.long, interval = 250) {
  const end = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      last = await fn();
      if (last) return last;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}${last instanceof Error ? `: ${last.message}` : ''}`);
    await new Promise((r) => setTimeout(r, interval));
  }
}

before(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  const t0 = Date.now();
  const entry = execFileSync('bash', [join(EXT, 'scripts/install-code-server.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
    .trim()
    .split('\n')
    .pop();
  console.log(`# code-server ready in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${entry}`);

  cpSync(join(HERE, 'workspace'), workspace, { recursive: true });
  // The stub server, and a "server" that dies at once (missing mode fixes
  // its settings with them).
  mkdirSync(join(tmp, 'bin'), { recursive: true });
  writeFileSync(stubPath, `#!/bin/sh\nexec "${process.execPath}" "${join(HERE, 'stub-server.mjs')}" "$@"\n`);
  chmodSync(stubPath, 0o755);
  writeFileSync(brokenPath, `#!/bin/sh\necho "bufferlens: unknown command '$1'" >&2\nexit 2\n`);
  chmodSync(brokenPath, 0o755);
  if (MODE === 'stub') serverPath = stubPath;
  writeUserSettings({}, serverPath);

  const t1 = Date.now();
  const inst = spawnSync(process.execPath, [entry, '--extensions-dir', extensionsDir, '--user-data-dir', userData, '--install-extension', vsix], {
    encoding: 'utf8',
  });
  if (inst.status !== 0) throw new Error(`--install-extension failed: ${inst.stdout}${inst.stderr}`);
  console.log(`# installed ${vsix} in ${((Date.now() - t1) / 1000).toFixed(1)} s`);

  const port = await freePort();
  const config = join(tmp, 'code-server.yaml');
  writeFileSync(config, 'auth: none\ncert: false\n');
  // PATH without any bufferlens: the default lookup must not find one.
  const env = { ...process.env, BL_STUB_LOG: stubLog, PATH: '/usr/local/bin:/usr/bin:/bin' };
  codeServer = spawn(
    process.execPath,
    [
      entry,
      '--config', config,
      '--auth', 'none',
      '--bind-addr', `127.0.0.1:${port}`,
      '--user-data-dir', userData,
      '--extensions-dir', extensionsDir,
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      workspace,
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const onOut = (d) => {
    serverLogTail = (serverLogTail + d.toString()).slice(-8000);
  };
  codeServer.stdout.on('data', onOut);
  codeServer.stderr.on('data', onOut);
  const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}`;
  await waitFor('code-server to listen', async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok, T.long, 300);

  browser = await launch({ viewport: { width: 1400, height: 900 } });
  page = await browser.context.newPage();
  page.setDefaultTimeout(T.long);
  await page.goto(url);
  await page.waitForSelector('.monaco-workbench .part.statusbar', { timeout: T.long });
});

after(async () => {
  await browser?.close();
  if (codeServer) {
    codeServer.kill('SIGTERM');
    await new Promise((r) => {
      const t = setTimeout(() => {
        codeServer.kill('SIGKILL');
        r();
      }, 5000);
      codeServer.once('exit', () => {
        clearTimeout(t);
        r();
      });
    });
  }
  if (process.exitCode) {
    if (serverLogTail) console.error(`--- code-server log (tail) ---\n${serverLogTail}`);
    // VS Code's logs, the BufferLens output channel among them.
    const logs = join(userData, 'logs');
    if (existsSync(logs)) {
      const dest = join(ARTIFACTS, `e2e-${MODE}-logs`);
      rmSync(dest, { recursive: true, force: true });
      cpSync(logs, dest, { recursive: true });
      console.error(`VS Code logs copied to ${dest}`);
    }
  }
  if (!args.keep) rmSync(tmp, { recursive: true, force: true });
  else console.log(`# kept ${tmp}`);
});

// ---------------------------------------------------------------------------
// Driving the workbench.

/**
 * Types `text` into the quick input F1 opens and picks the row showing
 * `rowText`. The palette can close again right after it opens (focus taken
 * by a restarted server's notification once failed a test that way), so it
 * is reopened and retyped until the row shows, within a bound.
 */
async function pickInQuickInput(text, rowText) {
  const input = page.locator('.quick-input-widget input.input');
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: rowText }).first();
  await waitFor(`"${rowText}" in the quick input`, async () => {
    if (!(await input.isVisible())) await page.keyboard.press('F1');
    await input.fill(text, { timeout: 2_000 });
    await row.waitFor({ state: 'visible', timeout: 2_000 });
    return true;
  }, T.short);
  await page.keyboard.press('Enter');
}

async function runCommand(title) {
  await pickInQuickInput(`>${title}`, title);
}

async function openFile(name) {
  await pickInQuickInput(name, name);
  await page.locator('.tabs-container .tab', { hasText: name }).first().waitFor();
  await page.locator('.editor-instance .monaco-editor .view-line', { hasText: 'func.func' }).first().waitFor();
}

/** Text of a rendered editor line (Monaco renders spaces as U+00A0). */
function normalize(s) {
  return (s ?? '').replace(/\u00a0/g, ' ');
}

/**
 * Viewport point of `needle` in the active editor: its occurrence-th match, or
 * with `token`, the first `token` on the line that contains `needle`.
 * Polled: right after a panel opens or the layout changes, the editor may not
 * have drawn its lines yet (a single look once found nothing there and failed
 * the tests that followed).
 */
async function pointOf(needle, occurrence = 0, token = null) {
  return waitFor(`"${needle}" drawn in the editor`,
    () => findPoint(needle, occurrence, token), T.short);
}

async function findPoint(needle, occurrence, token) {
  return page.evaluate(
    ([needle, occurrence, token]) => {
      const lines = Array.from(document.querySelectorAll('.editor-group-container.active .monaco-editor .view-lines .view-line'));
      let seen = 0;
      for (const line of lines) {
        const text = line.textContent.replace(/\u00a0/g, ' ');
        let idx = text.indexOf(needle);
        if (token !== null && idx >= 0) idx = text.indexOf(token);
        while (idx >= 0) {
          if (seen++ === occurrence) {
            // Walk the text nodes to the character offset.
            const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
            let offset = idx;
            let node;
            while ((node = walker.nextNode())) {
              if (offset < node.length) break;
              offset -= node.length;
            }
            const r = document.createRange();
            r.setStart(node, offset);
            r.setEnd(node, Math.min(node.length, offset + 1));
            const box = r.getBoundingClientRect();
            return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
          }
          idx = text.indexOf(needle, idx + 1);
        }
      }
      return null;
    },
    [needle, occurrence, token],
  );
}

async function statusBarSelection() {
  return normalize(await page.locator('#status\\.editor\\.selection').innerText());
}

function graphFrame() {
  return page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
}

/**
 * A test that leaves a screenshot behind when it fails. Once the server is
 * known not to run, the tests that need it fail at once instead of each
 * waiting for its time-out.
 */
let serverDown = false;
function e2eTest(name, fn, { needsServer = MODE !== 'missing' } = {}) {
  test(name, async (t) => {
    if (needsServer && serverDown) throw new Error('skipped work: the server is not running (see the first failure)');
    try {
      await fn(t);
    } catch (e) {
      if (/server starts/.test(name)) serverDown = true;
      await shot(`FAILED-${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}`);
      throw e;
    }
  });
}

// ---------------------------------------------------------------------------
// The scenarios.

const exampleLines = readFileSync(join(HERE, 'workspace/example.mlir'), 'utf8').split('\n');

if (MODE === 'missing') {
  e2eTest('without a server the extension says so, with a button to the setting', async () => {
    await openFile('example.mlir');
    const toast = page.locator('.notification-toast', { hasText: 'BufferLens' });
    await toast.waitFor({ timeout: T.long });
    const text = normalize(await toast.innerText());
    assert.match(text, /BufferLens server "bufferlens" was not found on PATH nor in build\/bin of the workspace/);
    assert.match(text, /bufferlens\.server\.path/);
    const status = page.locator('.statusbar-item-label[aria-label="BufferLens server error: server binary not found"]');
    await status.waitFor({ timeout: T.short });
    await shot('missing-server');
    await toast.locator('.monaco-button', { hasText: 'Open Settings' }).click();
    const settings = page.locator('.settings-editor');
    await settings.waitFor({ timeout: T.short });
    await page.locator('.settings-editor .setting-item-contents', { hasText: 'Server: Path' }).first().waitFor({ timeout: T.short });
    const search = normalize(await page.locator('.settings-editor .suggest-input-container .view-line').first().innerText());
    assert.match(search, /bufferlens\.server\.path/);
    await shot('missing-server-settings');
  });

  e2eTest('the status bar item opens the server log, which says what was looked for', async () => {
    await page.locator('.statusbar-item-label[aria-label="BufferLens server error: server binary not found"]').click();
    const output = page.locator('.output-view, .part.panel .monaco-editor').first();
    await output.waitFor({ timeout: T.short });
    await waitFor('the log to name the missing server', async () =>
      // (The output view wraps long lines; compare without whitespace.)
      normalize(await page.locator('.part.panel').innerText())
        .replace(/\s+/g, '')
        .includes(`lookedfor:`) &&
      normalize(await page.locator('.part.panel').innerText())
        .replace(/\s+/g, '')
        .includes(`${workspace}/build/bin/bufferlens`),
    T.short);
    await shot('missing-server-log');
  });

  e2eTest('a server that dies at start is reported; fixing the path in the settings editor starts it', async () => {
    // The settings editor is still open on the Remote tab (first test).
    const input = page.locator('.settings-editor .setting-item-contents', { hasText: 'Server: Path' }).first().locator('input');
    await input.fill(brokenPath);
    const toast = page.locator('.notification-toast', { hasText: 'failed to start' });
    await toast.first().waitFor({ timeout: T.long });
    await page.locator('.statusbar-item-label[aria-label="BufferLens server error: failed to start"]').waitFor({ timeout: T.short });
    assert.match(
      normalize(await toast.first().locator('.notification-list-item-message').innerText()),
      /bufferlens-broken serve\): it exited with code 2 before answering initialize: "bufferlens: unknown command 'serve'"\. Its output is in the log\./,
    );
    await new Promise((r) => setTimeout(r, 1000)); // any further toast would be up by now
    assert.equal(await page.locator('.notification-toast').count(), 1, 'one notification, not one per failed step');
    await shot('broken-server');
    await input.fill(stubPath);
    await page.locator('.statusbar-item-label[aria-label="BufferLens server running"]').waitFor({ timeout: T.long });
    const init = await waitFor('initialize', async () => stubEntries('initialize')[0], T.short);
    assert.deepEqual(init.data.initializationOptions, { checks: { BL301: 'off' } });
    // The open document is now analysed.
    await page.locator('.tabs-container .tab', { hasText: 'example.mlir' }).first().click();
    await page.locator('.editor-group-container.active .monaco-editor .squiggly-error').first().waitFor({ timeout: T.long });
    await shot('server-fixed');
  });
}

if (MODE === 'stub' || MODE === 'real') {
  e2eTest('the server starts and the status bar says so', async () => {
    await openFile('example.mlir');
    await page.locator('.statusbar-item-label[aria-label="BufferLens server running"]').waitFor({ timeout: T.long });
  });

  if (MODE === 'stub') {
    e2eTest('initializationOptions carry the settings in the .bufferlens.json shape', async () => {
      const init = await waitFor('initialize', async () => stubEntries('initialize')[0]);
      assert.deepEqual(init.data.initializationOptions, { checks: { BL301: 'off' } });
    });
  }

  e2eTest('diagnostics appear in the editor and the Problems panel', async () => {
    await page.locator('.editor-group-container.active .monaco-editor .squiggly-error').first().waitFor({ timeout: T.long });
    await runCommand('View: Focus Problems');
    const row = page.locator('.markers-panel .monaco-list-row', { hasText: 'BL' }).first();
    await row.waitFor({ timeout: T.short });
    const text = normalize(await row.innerText());
    if (MODE === 'stub') assert.match(text, /double free: %0 was already freed on line 20/);
    await shot('diagnostics');
    await page.keyboard.press('Escape');
  });

  e2eTest('a hover explains the value under the pointer', async () => {
    await page.locator('.editor-group-container.active .monaco-editor .view-lines').click();
    const p = await pointOf('= memref.alloc() : memref<2xf32>', 0, '%0');
    assert.ok(p, 'the line with %0 is on screen');
    await page.mouse.move(p.x, p.y);
    const hover = page.locator('.monaco-hover:not(.hidden) .hover-contents, .monaco-hover:not(.hidden) .rendered-markdown').first();
    await hover.waitFor({ timeout: T.short });
    const text = normalize(await hover.innerText());
    assert.ok(text.trim().length > 0, 'hover has content');
    if (MODE === 'stub') assert.match(text, /%0: owned \(unique\) — stub hover/);
    await shot('hover');
    await page.mouse.move(5, 5);
  });

  e2eTest('inlay hints are shown', async () => {
    // Injected text makes the rendered line longer than the source line.
    const src = exampleLines.find((l) => l.includes('%0 = memref.alloc() : memref<2xf32>'));
    const rendered = await waitFor('an inlay hint on the alloc line', async () => {
      const lines = await page.locator('.editor-group-container.active .monaco-editor .view-line').allInnerTexts();
      const line = lines.map(normalize).find((l) => l.includes('= memref.alloc() : memref<2xf32>'));
      return line && line.trimEnd().length > src.trimEnd().length ? line : null;
    });
    if (MODE === 'stub') assert.match(rendered, /%0\s+owned\s+=\s+memref\.alloc/u);
    await shot('inlay-hints');
  });

  e2eTest('the graph panel shows the function under the cursor and reveals a clicked block', async () => {
    // Put the cursor inside @branch.
    const p = await pointOf('cf.cond_br');
    await page.mouse.click(p.x, p.y);
    await runCommand('BufferLens: Show Placement Graph');
    const frame = graphFrame();
    if (!serves.graph) {
      // This build has no visualizer: the panel must say what the server said.
      await frame.locator('#message.visible.error').waitFor({ timeout: T.long });
      const text = await frame.locator('#message').innerText();
      assert.ok(text.trim().length > 0, 'the server error is shown');
      console.log(`# graph not served by this build; the panel shows: ${text.trim()}`);
      await shot('graph-unavailable');
      return;
    }
    const block = frame.locator('#viewport g[id^="bl-"]').first();
    await block.waitFor({ timeout: T.long });
    const status = await frame.locator('#status').innerText();
    assert.match(status, /^@branch · /);
    await shot('graph');
    // Click the last block (the one holding `return`), read its link.
    const blocks = frame.locator('#viewport g.node[id^="bl-"]');
    const n = await blocks.count();
    assert.ok(n >= 2, `at least two blocks (got ${n})`);
    const target = blocks.nth(n - 1);
    const href = await target.locator('a').first().evaluate((a) => a.getAttribute('xlink:href') ?? a.getAttribute('href'));
    const m = /#range=(\d+):(\d+)-(\d+):(\d+)$/.exec(href);
    assert.ok(m, `block link ${href}`);
    // Click the block's title (not an op row) so the block range is revealed.
    await target.locator('text').first().click();
    const [, , , el, ec] = m.map(Number);
    await waitFor('the editor selection to be the block', async () => {
      const s = await statusBarSelection();
      return s.startsWith(`Ln ${el + 1}, Col ${ec + 1}`) && /selected/.test(s) ? s : null;
    }, T.short);
    await shot('graph-reveal');
  });

  e2eTest('the graph follows the cursor into another function', async (t) => {
    if (!serves.graph) return t.skip('this build of the server has no bufferlens/graph');
    const p = await pointOf('memref.store');
    await page.mouse.click(p.x, p.y);
    await waitFor('the graph of @double_free', async () => /^@double_free · /.test(await graphFrame().locator('#status').innerText()), T.long);
    if (MODE === 'stub') {
      const reqs = stubEntries('graph');
      const last = reqs[reqs.length - 1].data;
      assert.equal(last.format, 'svg');
      assert.ok(last.position && typeof last.position.line === 'number');
    }
    await shot('graph-follow');
  });

  e2eTest('the stage picker re-requests the graph for that stage', async (t) => {
    if (!serves.graph) return t.skip('this build of the server has no bufferlens/graph');
    const frame = graphFrame();
    await frame.locator('#stage').selectOption('classic');
    await waitFor('the classic graph', async () => /· classic$/.test(await frame.locator('#status').innerText()), T.long);
    if (MODE === 'stub') {
      const last = stubEntries('graph').pop().data;
      assert.equal(last.stage, 'classic');
      assert.equal(last.function, 'double_free');
      await frame.locator('#viewport svg text', { hasText: '@double_free (classic)' }).waitFor({ timeout: T.short });
    }
    await frame.locator('#stage').selectOption('ownership');
    await waitFor('the ownership graph', async () => /· ownership$/.test(await frame.locator('#status').innerText()), T.long);
  });

  e2eTest('the ownership lens decorates the value under the cursor', async () => {
    await runCommand('BufferLens: Toggle Ownership Lens');
    // The %0 of @double_free.
    const p = await pointOf('= memref.alloc() : memref<8xf32>', 0, '%0');
    await page.mouse.click(p.x, p.y);
    const struck = await waitFor('line-through decorations on the frees', async () => {
      // The struck text of each line: the grammar's tokens split a
      // decorated range into several spans.
      const n = await page.evaluate(() =>
        Array.from(document.querySelectorAll('.editor-group-container.active .monaco-editor .view-line'))
          .map((line) =>
            Array.from(line.querySelectorAll('span span'))
              .filter((s) => getComputedStyle(s).textDecorationLine.includes('line-through'))
              .map((s) => s.textContent.replace(/\u00a0/g, ' '))
              .join(''),
          )
          .filter((t) => t.length > 0),
      );
      return MODE === 'stub' ? (n.length >= 2 ? n : null) : n;
    }, T.short);
    if (MODE === 'stub') {
      assert.ok(struck.every((t) => t.includes('dealloc %0')), JSON.stringify(struck));
      const req = stubEntries('ownershipAt').pop().data;
      assert.equal(req.position.line, 17);
      assert.match(req.uri, /^file:\/\/.*\/example\.mlir$/);
    }
    await shot('ownership-lens');
    await runCommand('BufferLens: Toggle Ownership Lens');
    await waitFor('decorations to go away', async () =>
      page.evaluate(
        () =>
          !Array.from(document.querySelectorAll('.editor-group-container.active .monaco-editor .view-line span span')).some((s) =>
            getComputedStyle(s).textDecorationLine.includes('line-through'),
          ),
      ),
    T.short);
  });

  e2eTest('the pipeline preview opens as a read-only document', async () => {
    await runCommand('BufferLens: Show Pipeline Preview');
    const pick = page.locator('.quick-input-list .monaco-list-row', { hasText: 'Ownership-based pipeline' }).first();
    await pick.waitFor({ timeout: T.short });
    await page.keyboard.press('Enter');
    const tab = page.locator('.tabs-container .tab', { hasText: 'example.ownership-lowered.mlir' }).first();
    await tab.waitFor({ timeout: T.long });
    if (MODE === 'stub') {
      await page.locator('.monaco-editor .view-line', { hasText: 'stub rewrite: strategy=ownership stage=lowered' }).first().waitFor({ timeout: T.short });
    } else if (!serves.rewrite) {
      // The preview opens beside the source without taking the focus.
      await page.locator('.monaco-editor .view-line', { hasText: 'BufferLens could not produce' }).first().waitFor({ timeout: T.long });
      console.log('# rewrite not served by this build; the preview shows the error');
    } else {
      const tab = page.locator('.editor-group-container', { has: page.locator('.tab.active', { hasText: 'example.ownership-lowered.mlir' }) });
      await waitFor('preview text', async () => {
        const t = (await tab.locator('.monaco-editor .view-line').allInnerTexts()).join('\n');
        return t.trim().length > 0 && !/could not produce/.test(t);
      });
    }
    await shot('preview');
  });

  e2eTest('Restart Server restarts it', async () => {
    const before = stubEntries('initialize').length;
    await runCommand('BufferLens: Restart Server');
    await page.locator('.statusbar-item-label[aria-label="BufferLens server running"]').waitFor({ timeout: T.long });
    if (MODE === 'stub') await waitFor('a second initialize', async () => stubEntries('initialize').length > before, T.short);
    // The document is analysed again.
    await page.locator('.tabs-container .tab', { hasText: /^example\.mlir/ }).first().click();
    await page.locator('.editor-group-container.active .monaco-editor .squiggly-error').first().waitFor({ timeout: T.long });
  });

  if (MODE === 'stub') {
    e2eTest('a settings change in the Settings editor reaches the server as didChangeConfiguration', async () => {
      await runCommand('Preferences: Open User Settings');
      const search = page.locator('.settings-editor .suggest-input-container textarea, .settings-editor .suggest-input-container input').first();
      await search.waitFor({ timeout: T.short });
      await search.fill('bufferlens.stage');
      const item = page.locator('.settings-editor .setting-item-enum', { hasText: 'Stage' }).first();
      await item.waitFor({ timeout: T.short });
      await item.locator('select').click();
      await page.locator('.monaco-select-box-dropdown-container .option-text', { hasText: /^deallocated$/ }).click();
      const change = await waitFor('didChangeConfiguration', async () => stubEntries('didChangeConfiguration').pop(), T.short);
      assert.deepEqual(change.data, { checks: { BL301: 'off' }, stage: 'deallocated' });
      await shot('settings-change');
    });
  }
}
