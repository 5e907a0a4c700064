// Test-only extension (see README.md): answers the e2e suite's queries with
// what VS Code's provider commands return in the running editor.
'use strict';
const vscode = require('vscode');
const fs = require('fs');
const path = require('path');

function root() {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('no workspace folder');
  return folder.uri.fsPath;
}

function rel(uri) {
  return path.relative(root(), uri.fsPath);
}

function range(r) {
  return [r.start.line, r.start.character, r.end.line, r.end.character];
}

/** Location or LocationLink -> {file, range}. */
function toLocation(l) {
  if (l.targetUri) return { file: rel(l.targetUri), range: range(l.targetSelectionRange ?? l.targetRange) };
  return { file: rel(l.uri), range: range(l.range) };
}

function hoverText(h) {
  return h.contents.map((c) => (typeof c === 'string' ? c : c.value));
}

/** The tokens of the provider VS Code picks, decoded with its legend. */
async function semanticTokens(uri) {
  const legend = await vscode.commands.executeCommand('vscode.provideDocumentSemanticTokensLegend', uri);
  const tokens = await vscode.commands.executeCommand('vscode.provideDocumentSemanticTokens', uri);
  if (!legend || !tokens) return { legend: legend ?? null, tokens: null };
  const out = [];
  const d = tokens.data;
  let line = 0;
  let character = 0;
  for (let i = 0; i + 4 < d.length; i += 5) {
    character = d[i] ? d[i + 1] : character + d[i + 1];
    line += d[i];
    const modifiers = legend.tokenModifiers.filter((_, b) => d[i + 4] & (1 << b));
    out.push({ line, character, length: d[i + 2], type: legend.tokenTypes[d[i + 3]], modifiers });
  }
  return { legend, tokens: out };
}

async function answer(q) {
  if (q.kind === 'setting') {
    // A user setting changed as the Settings editor changes it.
    const [section, ...key] = q.key.split('.');
    const target = q.target === 'workspace' ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
    await vscode.workspace.getConfiguration(section).update(key.join('.'), q.value, target);
    return vscode.workspace.getConfiguration(section).get(key.join('.'));
  }
  if (q.kind === 'extensions') {
    return vscode.extensions.all
      .filter((e) => !e.id.startsWith('vscode.') && !e.id.startsWith('ms-vscode.'))
      .map((e) => ({ id: e.id, active: e.isActive }));
  }
  const uri = vscode.Uri.file(path.join(root(), q.file));
  await vscode.workspace.openTextDocument(uri);
  const at = q.position ? new vscode.Position(q.position[0], q.position[1]) : undefined;
  switch (q.kind) {
    case 'semanticTokens':
      return semanticTokens(uri);
    case 'definition':
      return ((await vscode.commands.executeCommand('vscode.executeDefinitionProvider', uri, at)) ?? []).map(toLocation);
    case 'references':
      return ((await vscode.commands.executeCommand('vscode.executeReferenceProvider', uri, at)) ?? []).map(toLocation);
    case 'hover':
      return ((await vscode.commands.executeCommand('vscode.executeHoverProvider', uri, at)) ?? []).map(hoverText);
    case 'diagnostics':
      // Every diagnostic the editor holds for the file, whichever extension set it.
      return vscode.languages.getDiagnostics(uri).map((d) => ({
        source: d.source ?? null,
        code: typeof d.code === 'object' && d.code !== null ? String(d.code.value) : d.code === undefined ? null : String(d.code),
        severity: d.severity,
        range: range(d.range),
        message: d.message,
      }));
    case 'inlayHints': {
      // Every provider's hints over the whole file.
      const doc = await vscode.workspace.openTextDocument(uri);
      const whole = new vscode.Range(0, 0, doc.lineCount, 0);
      const hints = (await vscode.commands.executeCommand('vscode.executeInlayHintProvider', uri, whole)) ?? [];
      return hints.map((h) => ({
        position: [h.position.line, h.position.character],
        label: typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join(''),
      }));
    }
    case 'codeLenses': {
      // Every provider's lenses, resolved (their titles), in line order.
      const lenses = (await vscode.commands.executeCommand('vscode.executeCodeLensProvider', uri, 100)) ?? [];
      return lenses
        .map((l) => ({ line: l.range.start.line, title: l.command?.title ?? null }))
        .sort((a, b) => a.line - b.line);
    }
    case 'codeActions': {
      // The actions at a point; with `run`, the command of the one titled so is run.
      const actions = (await vscode.commands.executeCommand('vscode.executeCodeActionProvider', uri, new vscode.Range(at, at))) ?? [];
      if (q.run) {
        const a = actions.find((x) => x.title === q.run);
        if (!a?.command) throw new Error(`no action "${q.run}" with a command`);
        await vscode.commands.executeCommand(a.command.command, ...(a.command.arguments ?? []));
      }
      return actions.map((a) => ({ title: a.title, kind: a.kind?.value ?? null, command: a.command?.command ?? null }));
    }
    case 'pathSteps': {
      // The selection after each of `moves` (next | previous) from `position`.
      const editor = await vscode.window.showTextDocument(uri, { preserveFocus: false });
      editor.selection = new vscode.Selection(at, at);
      const out = [];
      for (const move of q.moves) {
        await vscode.commands.executeCommand(move === 'next' ? 'bufferlens.nextPathStep' : 'bufferlens.previousPathStep');
        out.push(range(vscode.window.activeTextEditor.selection));
      }
      return out;
    }
    default:
      throw new Error(`unknown query kind ${q.kind}`);
  }
}

async function run() {
  const dir = path.join(root(), '.probe');
  const request = JSON.parse(fs.readFileSync(path.join(dir, 'request.json'), 'utf8'));
  const results = [];
  for (const q of request.queries) {
    try {
      results.push({ query: q, result: await answer(q) });
    } catch (e) {
      results.push({ query: q, error: String(e?.stack ?? e) });
    }
  }
  const file = path.join(dir, `result-${request.id}.json`);
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(results, null, 2));
  fs.renameSync(`${file}.tmp`, file);
}

exports.activate = (context) => {
  context.subscriptions.push(vscode.commands.registerCommand('bufferlensProbe.run', run));
};
exports.deactivate = () => {};
