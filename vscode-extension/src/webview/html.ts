import { GRAPH_STAGES, type GraphStage } from '../protocol';

export interface GraphHtmlOptions {
  /** `webview.cspSource`: the origin the webview may load resources from. */
  cspSource: string;
  /** A fresh random nonce; only the script carrying it may run. */
  nonce: string;
  /** URI of the bundled webview script (dist/webview.js) as the webview sees it. */
  scriptUri: string;
  stage: GraphStage;
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function makeNonce(random: () => number = Math.random): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let s = '';
  for (let i = 0; i < 32; i++) s += chars.charAt(Math.floor(random() * chars.length));
  return s;
}

/**
 * The graph panel's page. Colours come from VS Code's theme variables
 * (`--vscode-*`), so the panel follows the theme; the SVG itself is recoloured
 * where Graphviz used its black/white defaults (see webview/main.ts).
 */
export function buildGraphHtml(o: GraphHtmlOptions): string {
  const stageOptions = GRAPH_STAGES.map(
    (s) => `<option value="${s}"${s === o.stage ? ' selected' : ''}>${s}</option>`,
  ).join('');
  const csp = [
    "default-src 'none'",
    `img-src ${o.cspSource} data:`,
    `style-src ${o.cspSource} 'unsafe-inline'`,
    `font-src ${o.cspSource}`,
    `script-src 'nonce-${o.nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttr(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>BufferLens placement graph</title>
<style>
  html, body { height: 100%; margin: 0; padding: 0; overflow: hidden; }
  body {
    display: flex; flex-direction: column;
    background: var(--vscode-editor-background, #fff);
    color: var(--vscode-editor-foreground, #000);
    font-family: var(--vscode-font-family, sans-serif);
    font-size: var(--vscode-font-size, 13px);
  }
  #toolbar {
    display: flex; flex-wrap: wrap; align-items: center; gap: 6px;
    padding: 4px 8px;
    background: var(--vscode-editorWidget-background, #f3f3f3);
    border-bottom: 1px solid var(--vscode-editorWidget-border, var(--vscode-panel-border, #ccc));
  }
  #toolbar label { display: inline-flex; align-items: center; gap: 4px; }
  select {
    background: var(--vscode-dropdown-background, #fff);
    color: var(--vscode-dropdown-foreground, #000);
    border: 1px solid var(--vscode-dropdown-border, #ccc);
    font: inherit; padding: 1px 4px;
  }
  button {
    background: var(--vscode-button-secondaryBackground, var(--vscode-button-background, #ddd));
    color: var(--vscode-button-secondaryForeground, var(--vscode-button-foreground, #000));
    border: 1px solid var(--vscode-button-border, transparent);
    font: inherit; min-width: 26px; padding: 1px 6px; cursor: pointer;
  }
  button:hover { background: var(--vscode-button-secondaryHoverBackground, var(--vscode-button-hoverBackground, #ccc)); }
  button:focus-visible, select:focus-visible, #canvas:focus-visible { outline: 1px solid var(--vscode-focusBorder, #0078d4); }
  #zoom-level { min-width: 3.5em; text-align: right; font-variant-numeric: tabular-nums; }
  #status { margin-left: auto; opacity: 0.8; }
  #status.error { color: var(--vscode-errorForeground, #c00); opacity: 1; }
  #canvas { position: relative; flex: 1; overflow: hidden; cursor: grab; touch-action: none; }
  #canvas.dragging { cursor: grabbing; }
  #viewport { position: absolute; left: 0; top: 0; transform-origin: 0 0; }
  #viewport svg { display: block; }
  #viewport a { cursor: pointer; }
  #viewport a:hover > polygon, #viewport a:hover > path, #viewport a:hover > ellipse {
    stroke: var(--vscode-focusBorder, #0078d4); stroke-width: 2px;
  }
  #viewport .bl-selected > polygon, #viewport .bl-selected > a > polygon {
    stroke: var(--vscode-editorCursor-foreground, var(--vscode-focusBorder, #0078d4)); stroke-width: 3px;
  }
  #message {
    position: absolute; left: 50%; top: 40%; transform: translate(-50%, -50%);
    max-width: 80%; padding: 8px 12px; display: none; white-space: pre-wrap;
    background: var(--vscode-editorWidget-background, #f3f3f3);
    border: 1px solid var(--vscode-editorWidget-border, #ccc);
  }
  #message.visible { display: block; }
  #message.error { color: var(--vscode-errorForeground, #c00); border-color: var(--vscode-inputValidation-errorBorder, #c00); }
</style>
</head>
<body>
<div id="toolbar" role="toolbar" aria-label="Graph controls">
  <label>Function <select id="function" aria-label="Function"></select></label>
  <label>Stage <select id="stage" aria-label="Stage">${stageOptions}</select></label>
  <button id="zoom-out" title="Zoom out (-)" aria-label="Zoom out">&minus;</button>
  <span id="zoom-level" aria-live="polite">100%</span>
  <button id="zoom-in" title="Zoom in (+)" aria-label="Zoom in">+</button>
  <button id="zoom-fit" title="Fit to window (0)" aria-label="Fit to window">Fit</button>
  <button id="zoom-reset" title="Actual size (1)" aria-label="Actual size">1:1</button>
  <button id="refresh" title="Refresh" aria-label="Refresh">&#x21bb;</button>
  <span id="status" role="status"></span>
</div>
<div id="canvas" tabindex="0" aria-label="Placement graph: drag to pan, wheel to zoom, click a block or operation to reveal it">
  <div id="viewport"></div>
  <div id="message" role="alert"></div>
</div>
<script nonce="${escapeAttr(o.nonce)}" src="${escapeAttr(o.scriptUri)}"></script>
</body>
</html>`;
}
