// The graph panel's page in headless Chromium: the real HTML (buildGraphHtml)
// and the real bundled script (dist/webview.js), with acquireVsCodeApi
// stubbed to record what the page posts to the extension.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { launch, chromiumMissing } from '../support/chromium.mjs';

const require = createRequire(import.meta.url);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const artifacts = join(root, 'test-artifacts');
const svg = readFileSync(join(root, 'test/fixtures/graph.svg'), 'utf8');

for (const [f, hint] of [
  ['dist/webview.js', 'npm run build'],
  ['out/src/webview/html.js', 'npm run compile-tests'],
]) {
  if (!existsSync(join(root, f))) {
    console.error(`missing ${f}: run \`${hint}\` first`);
    process.exit(1);
  }
}
const missing = chromiumMissing();
if (missing) {
  console.error(missing);
  process.exit(1);
}

const { buildGraphHtml } = require(join(root, 'out/src/webview/html.js'));
const NONCE = 'testnonce0123456789abcdefABCDEF0';

let browser;
let page;

function graphMessage(extra = {}) {
  return { type: 'graph', svg, function: 'branch', stage: 'ownership', functions: ['branch', 'loop'], source: 'file:///w/a.mlir', ...extra };
}

async function send(msg) {
  await page.evaluate((m) => window.postMessage(m, '*'), msg);
}

async function posted() {
  return page.evaluate(() => window.__posted.slice());
}

async function lastPosted() {
  const p = await posted();
  return p[p.length - 1];
}

async function scale() {
  return Number(await page.getAttribute('#viewport', 'data-scale'));
}

before(async () => {
  mkdirSync(artifacts, { recursive: true });
  const pageDir = join(artifacts, 'webview-page');
  mkdirSync(pageDir, { recursive: true });
  const html = buildGraphHtml({
    cspSource: 'file:',
    nonce: NONCE,
    scriptUri: pathToFileURL(join(root, 'dist/webview.js')).href,
    stage: 'ownership',
  });
  writeFileSync(join(pageDir, 'index.html'), html);
  browser = await launch({ viewport: { width: 1000, height: 700 } });
  page = await browser.context.newPage();
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e));
  page.__errors = pageErrors;
  await page.addInitScript(() => {
    window.__posted = [];
    window.__state = undefined;
    window.acquireVsCodeApi = () => ({
      postMessage: (m) => window.__posted.push(JSON.parse(JSON.stringify(m))),
      getState: () => window.__state,
      setState: (s) => (window.__state = s),
    });
    // What VS Code puts on the page: theme variables on <html>.
    document.addEventListener('DOMContentLoaded', () => {
      const s = document.documentElement.style;
      s.setProperty('--vscode-editor-foreground', 'rgb(10, 20, 30)');
      s.setProperty('--vscode-editor-background', 'rgb(250, 250, 250)');
    });
  });
  await page.goto(pathToFileURL(join(pageDir, 'index.html')).href);
  await page.waitForFunction(() => window.__posted.some((m) => m.type === 'ready'));
});

after(async () => {
  await browser?.close();
});

test('the page announces itself and renders the SVG it is sent', async () => {
  assert.deepEqual((await posted())[0], { type: 'ready' });
  await send(graphMessage());
  await page.waitForSelector('#viewport svg');
  const blocks = await page.$$eval('#viewport g[id^="bl-block-"]', (gs) => gs.map((g) => g.id));
  assert.deepEqual(blocks, ['bl-block-0', 'bl-block-1', 'bl-block-2', 'bl-block-3']);
  const box = await page.locator('#viewport svg').boundingBox();
  assert.ok(box && box.width > 100 && box.height > 100, JSON.stringify(box));
  // Fitted into the canvas on first show.
  const canvas = await page.locator('#canvas').boundingBox();
  assert.ok(box.x >= canvas.x - 1 && box.x + box.width <= canvas.x + canvas.width + 1, 'fits horizontally');
  assert.ok(box.y + box.height <= canvas.y + canvas.height + 1, 'fits vertically');
  assert.equal(await page.textContent('#status'), '@branch · ownership');
  assert.deepEqual(await page.$$eval('#function option', (os) => os.map((o) => [o.value, o.selected])), [
    ['branch', true],
    ['loop', false],
  ]);
  assert.equal(await page.inputValue('#stage'), 'ownership');
  assert.deepEqual(page.__errors, []);
  await page.screenshot({ path: join(artifacts, 'webview-graph-light.png') });
});

test('Graphviz black and white follow the theme; the server colours stay', async () => {
  const colours = await page.evaluate(() => {
    const fill = (sel) => getComputedStyle(document.querySelector(sel)).fill;
    const stroke = (sel) => getComputedStyle(document.querySelector(sel)).stroke;
    return {
      title: fill('[id="bl-block-1"] text'),
      onGreen: fill('[id="a_bl-op-0-0"] text'),
      green: fill('[id="a_bl-op-0-0"] polygon'),
      border: stroke('[id="bl-block-1"] a > polygon:last-of-type'),
      edge: stroke('#edge4 path'),
      edgeLabel: fill('#edge1 text'),
      arrow: fill('#edge1 polygon'),
      clone: stroke('#edge3 path'),
      background: fill('#viewport svg > g.graph > polygon'),
    };
  });
  assert.equal(colours.title, 'rgb(10, 20, 30)');
  assert.equal(colours.border, 'rgb(10, 20, 30)');
  assert.equal(colours.edge, 'rgb(10, 20, 30)');
  assert.equal(colours.edgeLabel, 'rgb(10, 20, 30)');
  assert.equal(colours.arrow, 'rgb(10, 20, 30)');
  assert.equal(colours.onGreen, 'rgb(30, 30, 30)');
  assert.equal(colours.green, 'rgb(200, 230, 201)');
  assert.equal(colours.clone, 'rgb(230, 81, 0)');
  assert.equal(colours.background, 'rgba(0, 0, 0, 0)');
});

test('zoom: buttons and the wheel, around the pointer', async () => {
  const s0 = await scale();
  await page.click('#zoom-in');
  assert.ok(Math.abs((await scale()) - s0 * 1.25) < 1e-3);
  await page.click('#zoom-out');
  assert.ok(Math.abs((await scale()) - s0) < 1e-3);

  // The graph point under the pointer stays under it while zooming.
  const box = await page.locator('[id="bl-block-2"]').boundingBox();
  const px = box.x + box.width / 2;
  const py = box.y + box.height / 2;
  const before = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('g[id^="bl-"]')?.id, [px, py]);
  await page.mouse.move(px, py);
  await page.mouse.wheel(0, -400);
  await page.waitForFunction((s) => Number(document.getElementById('viewport').dataset.scale) > s * 1.5, s0);
  const s1 = await scale();
  const after = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('g[id^="bl-"]')?.id, [px, py]);
  assert.equal(after, before);
  assert.equal(await page.textContent('#zoom-level'), `${Math.round(s1 * 100)}%`);
  await page.mouse.wheel(0, 400);
  await page.waitForFunction((s) => Number(document.getElementById('viewport').dataset.scale) < s, s1);
  await page.click('#zoom-reset');
  assert.equal(await scale(), 1);
  await page.click('#zoom-fit');
  assert.ok(Math.abs((await scale()) - s0) < 1e-3);
  // No reveal was posted by any of this.
  assert.equal((await posted()).filter((m) => m.type === 'reveal').length, 0);
});

test('drag pans and does not count as a click', async () => {
  const canvas = await page.locator('#canvas').boundingBox();
  const block = await page.locator('[id="bl-block-1"] text').first().boundingBox();
  const tx0 = Number(await page.getAttribute('#viewport', 'data-tx'));
  const ty0 = Number(await page.getAttribute('#viewport', 'data-ty'));
  // Start the drag on a block: panning must win over the click.
  await page.mouse.move(block.x + 5, block.y + 5);
  await page.mouse.down();
  await page.mouse.move(block.x + 60, block.y + 30, { steps: 5 });
  await page.mouse.move(block.x + 105, block.y + 45, { steps: 5 });
  await page.mouse.up();
  assert.equal(Number(await page.getAttribute('#viewport', 'data-tx')), tx0 + 100);
  assert.equal(Number(await page.getAttribute('#viewport', 'data-ty')), ty0 + 40);
  assert.equal((await posted()).filter((m) => m.type === 'reveal').length, 0);
  assert.ok(canvas.width > 0);
  await page.click('#zoom-fit');
});

test('a click on a block posts reveal with the block range', async () => {
  await page.locator('[id="bl-block-1"] text').first().click();
  assert.deepEqual(await lastPosted(), {
    type: 'reveal',
    range: { start: { line: 5, character: 0 }, end: { line: 6, character: 21 } },
  });
  assert.equal(await page.$eval('[id="bl-block-1"]', (g) => g.classList.contains('bl-selected') || !!g.querySelector('.bl-selected')), true);
});

test('a click on an op row posts the op range, not the block range', async () => {
  await page.locator('[id="a_bl-op-2-1"] text').click();
  assert.deepEqual(await lastPosted(), {
    type: 'reveal',
    range: { start: { line: 8, character: 4 }, end: { line: 8, character: 39 } },
  });
  assert.equal(await page.$$eval('.bl-selected', (els) => els.map((e) => e.id).join(',')), 'a_bl-op-2-1');
  // A click on the block border (outside any op row) reveals the block.
  await page.locator('[id="bl-block-0"] text').first().click();
  assert.deepEqual((await lastPosted()).range, { start: { line: 1, character: 2 }, end: { line: 4, character: 34 } });
});

test('the keyboard reveals a focused link and zooms', async () => {
  await page.focus('#canvas');
  const s0 = await scale();
  await page.keyboard.press('+');
  assert.ok((await scale()) > s0);
  await page.keyboard.press('0');
  await page.focus('[id="a_bl-op-3-0"] > a');
  await page.keyboard.press('Enter');
  assert.deepEqual((await lastPosted()).range, { start: { line: 11, character: 4 }, end: { line: 11, character: 30 } });
});

test('stage and function pickers post their choice', async () => {
  await page.selectOption('#stage', 'pipeline');
  assert.deepEqual(await lastPosted(), { type: 'setStage', stage: 'pipeline' });
  await page.selectOption('#function', 'loop');
  assert.deepEqual(await lastPosted(), { type: 'selectFunction', function: 'loop' });
  await page.click('#refresh');
  assert.deepEqual(await lastPosted(), { type: 'refresh' });
});

test('loading and error states are shown', async () => {
  await send({ type: 'loading', function: 'loop', stage: 'classic' });
  // The page handles messages asynchronously: wait for it, bounded.
  await page.waitForFunction(
    () => document.getElementById('status').textContent === 'loading @loop · classic…',
    null, { timeout: 10000 });
  assert.equal(await page.textContent('#status'), 'loading @loop · classic…');
  assert.equal(await page.inputValue('#stage'), 'classic');
  await send({ type: 'error', message: 'no function named @loop', stage: 'classic', function: 'loop' });
  assert.equal(await page.isVisible('#message'), true);
  assert.equal(await page.textContent('#message'), 'no function named @loop');
  await page.screenshot({ path: join(artifacts, 'webview-error.png') });
  // The next graph clears the error; the same function keeps the view.
  await send(graphMessage({ stage: 'classic' }));
  await page.waitForFunction(() => !document.getElementById('message').classList.contains('visible'));
  assert.equal(await page.textContent('#status'), '@branch · classic');
  // A name sent with its '@' is not shown as '@@'.
  await send(graphMessage({ function: '@branch', functions: ['@branch'] }));
  await page.waitForFunction(() => document.body.dataset.function === '@branch');
  assert.equal(await page.textContent('#status'), '@branch · ownership');
  assert.equal(await page.textContent('#function option'), '@branch');
});

test('a hostile SVG is defused', async () => {
  const evil = svg
    .replace('<title>branch</title>', '<title>branch</title><script>window.__pwned = 1</script>')
    .replace('<g id="graph0"', '<g onmouseover="window.__pwned = 2" id="graph0"')
    .replace('xlink:href="#range=5:0-6:21"', 'xlink:href="javascript:window.__pwned=3"');
  await send(graphMessage({ svg: evil, function: 'evil' }));
  await page.waitForFunction(() => document.body.dataset.function === 'evil');
  assert.equal(await page.$$eval('#viewport script', (s) => s.length), 0);
  assert.equal(await page.$eval('#graph0', (g) => g.getAttribute('onmouseover')), null);
  await page.locator('[id="bl-block-1"] text').first().click();
  await page.mouse.move(10, 10);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  await send({ ...graphMessage(), svg: '<svg><unclosed>' });
  assert.equal(await page.isVisible('#message'), true);
  assert.match(await page.textContent('#message'), /does not parse/);
});

test('a finding\'s path keeps its colours and numbers', async () => {
  // `bufferlens graph test/lsp/inputs/leak.mlir --finding 3:3 --format svg`:
  // what the panel gets for "Show path (3 steps)" on the leak.
  const pathSvg = readFileSync(join(root, 'test/fixtures/path.svg'), 'utf8');
  await send(graphMessage({ svg: pathSvg, function: 'leaky', stage: 'input', functions: ['leaky', 'twice'] }));
  await page.waitForFunction(() => document.body.dataset.function === 'leaky');
  assert.equal(await page.textContent('#status'), '@leaky · input');
  const edges = await page.$$eval('#viewport g.edge', (gs) =>
    gs.map((g) => {
      const text = g.querySelector('text');
      return {
        label: text ? text.textContent : null,
        labelFill: text ? getComputedStyle(text).fill : null,
        stroke: getComputedStyle(g.querySelector('path')).stroke,
      };
    }),
  );
  // The path's edges red and numbered in order; the edge off the path faded.
  const red = 'rgb(224, 49, 49)';
  const faded = 'rgb(206, 212, 218)';
  assert.deepEqual(edges, [
    { label: 'true', labelFill: faded, stroke: faded },
    { label: '1: false', labelFill: red, stroke: red },
    { label: null, labelFill: null, stroke: faded },
    { label: '2', labelFill: red, stroke: red },
  ]);
  await page.screenshot({ path: join(artifacts, 'webview-graph-path.png') });
  assert.deepEqual(page.__errors, []);
});

test('dark theme screenshot', async () => {
  await page.evaluate(() => {
    const s = document.documentElement.style;
    s.setProperty('--vscode-editor-foreground', '#d4d4d4');
    s.setProperty('--vscode-editor-background', '#1e1e1e');
    s.setProperty('--vscode-editorWidget-background', '#252526');
    s.setProperty('--vscode-dropdown-background', '#3c3c3c');
    s.setProperty('--vscode-dropdown-foreground', '#f0f0f0');
    s.setProperty('--vscode-button-secondaryBackground', '#3a3d41');
    s.setProperty('--vscode-button-secondaryForeground', '#ffffff');
  });
  await send(graphMessage({ function: 'branch-dark' }));
  await page.waitForFunction(() => document.body.dataset.function === 'branch-dark');
  const [title, label] = await page.evaluate(() =>
    ['[id="bl-block-1"] text', '#edge1 text'].map((s) => getComputedStyle(document.querySelector(s)).fill),
  );
  assert.equal(title, 'rgb(212, 212, 212)');
  assert.equal(label, 'rgb(212, 212, 212)');
  await page.screenshot({ path: join(artifacts, 'webview-graph-dark.png') });
  assert.deepEqual(page.__errors, []);
});
