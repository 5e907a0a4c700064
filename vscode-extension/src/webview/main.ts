// The graph panel's script. Runs in the webview (a browser), bundled by
// esbuild into dist/webview.js. Talks to the extension only by messages.
import { parseRangeHref } from '../href';
import type { ExtensionToWebview, GraphStage, WebviewToExtension } from '../protocol';

interface VsCodeApi {
  postMessage(msg: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const XLINK = 'http://www.w3.org/1999/xlink';
const SVG_NS = 'http://www.w3.org/2000/svg';

const canvas = document.getElementById('canvas') as HTMLDivElement;
const viewport = document.getElementById('viewport') as HTMLDivElement;
const messageBox = document.getElementById('message') as HTMLDivElement;
const statusEl = document.getElementById('status') as HTMLSpanElement;
const zoomLevel = document.getElementById('zoom-level') as HTMLSpanElement;
const stageSelect = document.getElementById('stage') as HTMLSelectElement;
const functionSelect = document.getElementById('function') as HTMLSelectElement;

function post(msg: WebviewToExtension): void {
  vscode.postMessage(msg);
}

// ---------------------------------------------------------------------------
// Pan and zoom: a CSS transform on #viewport.

const MIN_SCALE = 0.05;
const MAX_SCALE = 8;
const view = { scale: 1, tx: 0, ty: 0 };
let currentFunction: string | undefined;

function applyTransform(): void {
  viewport.style.transform = `translate(${view.tx}px, ${view.ty}px) scale(${view.scale})`;
  viewport.dataset.scale = view.scale.toFixed(4);
  viewport.dataset.tx = view.tx.toFixed(1);
  viewport.dataset.ty = view.ty.toFixed(1);
  zoomLevel.textContent = `${Math.round(view.scale * 100)}%`;
}

/** Zooms by `factor` keeping the canvas point (px, py) fixed. */
function zoomAt(factor: number, px: number, py: number): void {
  const next = Math.min(MAX_SCALE, Math.max(MIN_SCALE, view.scale * factor));
  const k = next / view.scale;
  view.tx = px - (px - view.tx) * k;
  view.ty = py - (py - view.ty) * k;
  view.scale = next;
  applyTransform();
}

function zoomCentered(factor: number): void {
  const r = canvas.getBoundingClientRect();
  zoomAt(factor, r.width / 2, r.height / 2);
}

function svgSize(): { w: number; h: number } | null {
  const svg = viewport.querySelector('svg');
  if (!svg) return null;
  const r = svg.getBoundingClientRect();
  return { w: r.width / view.scale, h: r.height / view.scale };
}

function fit(): void {
  const size = svgSize();
  const r = canvas.getBoundingClientRect();
  if (!size || size.w === 0 || size.h === 0 || r.width === 0 || r.height === 0) return;
  const pad = 16;
  view.scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.min((r.width - 2 * pad) / size.w, (r.height - 2 * pad) / size.h, 1.5)));
  view.tx = (r.width - size.w * view.scale) / 2;
  view.ty = Math.max(pad, (r.height - size.h * view.scale) / 2);
  applyTransform();
}

function actualSize(): void {
  const size = svgSize();
  const r = canvas.getBoundingClientRect();
  view.scale = 1;
  view.tx = size ? Math.max(0, (r.width - size.w) / 2) : 0;
  view.ty = 16;
  applyTransform();
}

canvas.addEventListener(
  'wheel',
  (e) => {
    e.preventDefault();
    const r = canvas.getBoundingClientRect();
    // Pixel-mode deltas of a trackpad or a mouse wheel; ctrl+wheel (pinch) too.
    const delta = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaY;
    zoomAt(Math.exp(-delta * 0.0015), e.clientX - r.left, e.clientY - r.top);
  },
  { passive: false },
);

let drag: { x: number; y: number; tx: number; ty: number; id: number; moved: boolean } | null = null;
let suppressClick = false;

canvas.addEventListener('pointerdown', (e) => {
  if (e.button !== 0) return;
  drag = { x: e.clientX, y: e.clientY, tx: view.tx, ty: view.ty, id: e.pointerId, moved: false };
});
canvas.addEventListener('pointermove', (e) => {
  if (!drag || e.pointerId !== drag.id) return;
  const dx = e.clientX - drag.x;
  const dy = e.clientY - drag.y;
  if (!drag.moved && Math.hypot(dx, dy) < 4) return; // still a click
  if (!drag.moved) {
    drag.moved = true;
    canvas.classList.add('dragging');
    canvas.setPointerCapture(e.pointerId);
  }
  view.tx = drag.tx + dx;
  view.ty = drag.ty + dy;
  applyTransform();
});
function endDrag(e: PointerEvent): void {
  if (!drag || e.pointerId !== drag.id) return;
  if (drag.moved) {
    suppressClick = true;
    setTimeout(() => (suppressClick = false), 0);
    canvas.releasePointerCapture(e.pointerId);
  }
  canvas.classList.remove('dragging');
  drag = null;
}
canvas.addEventListener('pointerup', endDrag);
canvas.addEventListener('pointercancel', endDrag);

canvas.addEventListener('keydown', (e) => {
  const step = 40;
  switch (e.key) {
    case '+':
    case '=':
      zoomCentered(1.25);
      break;
    case '-':
      zoomCentered(0.8);
      break;
    case '0':
      fit();
      break;
    case '1':
      actualSize();
      break;
    case 'ArrowLeft':
      view.tx += step;
      applyTransform();
      break;
    case 'ArrowRight':
      view.tx -= step;
      applyTransform();
      break;
    case 'ArrowUp':
      view.ty += step;
      applyTransform();
      break;
    case 'ArrowDown':
      view.ty -= step;
      applyTransform();
      break;
    case 'Enter': {
      const a = (document.activeElement as Element | null)?.closest?.('a');
      if (a && revealFrom(a)) e.preventDefault();
      return;
    }
    default:
      return;
  }
  e.preventDefault();
});

document.getElementById('zoom-in')!.addEventListener('click', () => zoomCentered(1.25));
document.getElementById('zoom-out')!.addEventListener('click', () => zoomCentered(0.8));
document.getElementById('zoom-fit')!.addEventListener('click', fit);
document.getElementById('zoom-reset')!.addEventListener('click', actualSize);
document.getElementById('refresh')!.addEventListener('click', () => post({ type: 'refresh' }));
stageSelect.addEventListener('change', () => post({ type: 'setStage', stage: stageSelect.value as GraphStage }));
functionSelect.addEventListener('change', () => {
  if (functionSelect.value) post({ type: 'selectFunction', function: functionSelect.value });
});

// ---------------------------------------------------------------------------
// Click a block or an op: reveal its source range.

function hrefOf(a: Element): string | null {
  return a.getAttribute('href') ?? a.getAttributeNS(XLINK, 'href') ?? a.getAttribute('xlink:href');
}

function revealFrom(a: Element): boolean {
  const range = parseRangeHref(hrefOf(a));
  if (!range) return false;
  for (const el of Array.from(viewport.querySelectorAll('.bl-selected'))) el.classList.remove('bl-selected');
  // Graphviz wraps the link in <g id="a_bl-..."> inside the node's <g id="bl-...">.
  const group = a.closest('g[id^="bl-"]') ?? a.parentElement;
  const target = a.parentElement && a.parentElement.id.startsWith('a_bl-') ? a.parentElement : group;
  target?.classList.add('bl-selected');
  post({ type: 'reveal', range });
  return true;
}

canvas.addEventListener('click', (e) => {
  if (suppressClick) {
    e.preventDefault();
    return;
  }
  const target = e.target as Element | null;
  if (!target || !target.closest) return;
  // Innermost link first: an op row's link is nested inside its block's.
  let a: Element | null = target.closest('a');
  if (!a) {
    const group = target.closest('g[id^="bl-"]');
    a = group ? group.querySelector('a') : null;
  }
  if (a) {
    e.preventDefault();
    revealFrom(a);
  }
});

// ---------------------------------------------------------------------------
// Rendering the server's SVG.

/** Parses the SVG and strips anything active: scripts, event handlers, foreign content, external links. */
function sanitizeSvg(text: string): SVGSVGElement | string {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const err = doc.querySelector('parsererror');
  if (err) return `The server sent an SVG that does not parse: ${err.textContent?.slice(0, 200) ?? ''}`;
  const root = doc.documentElement;
  if (root.localName !== 'svg' || root.namespaceURI !== SVG_NS) return 'The server did not send an SVG document.';
  for (const bad of Array.from(root.querySelectorAll('script, foreignObject, iframe, object, embed'))) bad.remove();
  for (const el of Array.from(root.querySelectorAll('*')).concat([root])) {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) el.removeAttribute(attr.name);
      else if ((name === 'href' || name === 'xlink:href') && !attr.value.startsWith('#')) el.removeAttribute(attr.name);
    }
  }
  return document.importNode(root, true) as unknown as SVGSVGElement;
}

const BLACK = new Set(['black', '#000000', '#000']);
const WHITE = new Set(['white', '#ffffff', '#fff']);

function isPaint(v: string | null): boolean {
  return !!v && v !== 'none' && v !== 'transparent';
}

/**
 * Graphviz draws with black ink on white paper unless told otherwise; map
 * those two defaults to the theme's foreground and background so the graph
 * follows light, dark and high-contrast themes. Colours the server chose
 * (alloc / dealloc highlighting) are kept, and text on such a coloured cell
 * stays dark for contrast.
 */
function applyTheme(svg: SVGSVGElement): void {
  const bg = svg.querySelector(':scope > g.graph > polygon');
  if (bg) {
    bg.setAttribute('fill', 'transparent');
    bg.setAttribute('stroke', 'transparent');
  }
  for (const el of Array.from(svg.querySelectorAll<SVGElement>('[fill], [stroke]'))) {
    if (el === bg) continue;
    const fill = el.getAttribute('fill')?.toLowerCase() ?? null;
    const stroke = el.getAttribute('stroke')?.toLowerCase() ?? null;
    if (fill && BLACK.has(fill)) el.style.fill = 'var(--vscode-editor-foreground)';
    if (fill && WHITE.has(fill)) el.style.fill = 'var(--vscode-editor-background)';
    if (stroke && BLACK.has(stroke)) el.style.stroke = 'var(--vscode-editor-foreground)';
    if (stroke && WHITE.has(stroke)) el.style.stroke = 'var(--vscode-editor-background)';
  }
  for (const text of Array.from(svg.querySelectorAll<SVGTextElement>('text'))) {
    const fill = text.getAttribute('fill')?.toLowerCase() ?? null;
    if (fill && !BLACK.has(fill)) continue; // the server's own colour
    // A table cell's background is a polygon without a stroke right before
    // its text (an arrowhead before an edge label has a stroke).
    let cell: Element | null = text.previousElementSibling;
    while (cell && cell.localName === 'text') cell = cell.previousElementSibling;
    const isCell = !!cell && cell.localName === 'polygon' && !isPaint(cell.getAttribute('stroke')?.toLowerCase() ?? null);
    const cellFill = isCell ? cell!.getAttribute('fill')?.toLowerCase() ?? null : null;
    if (isPaint(cellFill) && !WHITE.has(cellFill!) && !BLACK.has(cellFill!)) {
      text.style.fill = '#1e1e1e';
    } else {
      text.style.fill = 'var(--vscode-editor-foreground)';
    }
  }
}

function showMessage(text: string, isError: boolean): void {
  messageBox.textContent = text;
  messageBox.classList.toggle('visible', text.length > 0);
  messageBox.classList.toggle('error', isError);
}

function setStatus(text: string, isError = false): void {
  statusEl.textContent = text;
  statusEl.classList.toggle('error', isError);
}

/** Function names are sent without '@'; tolerate a server that includes it. */
function at(name: string): string {
  return name.startsWith('@') ? name : `@${name}`;
}

function setFunctions(functions: string[], current: string): void {
  const names = functions.includes(current) ? functions : [current, ...functions];
  functionSelect.replaceChildren(
    ...names.map((name) => {
      const o = document.createElement('option');
      o.value = name;
      o.textContent = at(name);
      o.selected = name === current;
      return o;
    }),
  );
}

function render(msg: Extract<ExtensionToWebview, { type: 'graph' }>): void {
  const svg = sanitizeSvg(msg.svg);
  if (typeof svg === 'string') {
    showMessage(svg, true);
    setStatus('error', true);
    return;
  }
  applyTheme(svg);
  viewport.replaceChildren(svg);
  showMessage('', false);
  stageSelect.value = msg.stage;
  setFunctions(msg.functions, msg.function);
  setStatus(`${at(msg.function)} · ${msg.stage}`);
  document.body.dataset.function = msg.function;
  document.body.dataset.stage = msg.stage;
  if (msg.function !== currentFunction) {
    currentFunction = msg.function;
    fit();
  }
  vscode.setState({ stage: msg.stage, function: msg.function });
}

window.addEventListener('message', (event: MessageEvent) => {
  const msg = event.data as ExtensionToWebview;
  if (!msg || typeof msg !== 'object') return;
  switch (msg.type) {
    case 'loading':
      setStatus(msg.function ? `loading ${at(msg.function)} · ${msg.stage}…` : `loading · ${msg.stage}…`);
      stageSelect.value = msg.stage;
      break;
    case 'graph':
      render(msg);
      break;
    case 'error':
      stageSelect.value = msg.stage;
      setStatus('error', true);
      showMessage(msg.message, true);
      break;
  }
});

window.addEventListener('resize', () => {
  if (!viewport.querySelector('svg')) return;
  applyTransform();
});

applyTransform();
post({ type: 'ready' });
