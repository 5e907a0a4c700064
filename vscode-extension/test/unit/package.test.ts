import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { statusView } from '../../src/status';
import { buildGraphHtml, makeNonce } from '../../src/webview/html';

const root = path.resolve(__dirname, '../../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pkg = require(path.join(root, 'package.json'));

test('the VS Code-independent modules do not import vscode', () => {
  for (const f of ['protocol', 'navigation', 'href', 'messages', 'params', 'config', 'serverPath', 'decorations', 'status', 'pathSteps', 'webview/html', 'webview/main']) {
    const text = fs.readFileSync(path.join(root, 'src', `${f}.ts`), 'utf8');
    assert.doesNotMatch(text, /from 'vscode'|require\('vscode'\)/, f);
  }
});

test('package.json contributes the mlir language with its grammar and language configuration', () => {
  const lang = pkg.contributes.languages.find((l: { id: string }) => l.id === 'mlir');
  assert.ok(lang);
  assert.deepEqual(lang.extensions, ['.mlir']);
  assert.ok(pkg.activationEvents.includes('onLanguage:mlir'));
  assert.deepEqual(pkg.contributes.grammars, [
    { language: 'mlir', scopeName: 'source.mlir', path: './syntaxes/mlir.tmLanguage.json' },
  ]);
  const grammar = JSON.parse(fs.readFileSync(path.join(root, pkg.contributes.grammars[0].path), 'utf8'));
  assert.equal(grammar.scopeName, 'source.mlir');
  assert.equal(lang.configuration, './language-configuration.json');
  const config = JSON.parse(fs.readFileSync(path.join(root, lang.configuration), 'utf8'));
  assert.deepEqual(config.comments, { lineComment: '//' });
  assert.deepEqual(config.brackets, [
    ['{', '}'],
    ['[', ']'],
    ['(', ')'],
    ['<', '>'],
  ]);
  const pairs = config.autoClosingPairs.map((p: { open: string; close: string }) => p.open + p.close);
  assert.deepEqual(pairs, ['{}', '[]', '()', '<>', '""']);
  // Double-clicking a value, a label or a symbol selects it with its sigil.
  const word = new RegExp(config.wordPattern);
  for (const w of ['%arg0', '%0#1', '^bb2', '@main', '#map', '!llvm.ptr', 'memref.alloc']) {
    assert.equal(word.exec(` ${w} `)?.[0], w, w);
  }
});

test('package.json declares the server legend\'s own modifiers, each with a fallback scope', () => {
  // The legend lives in ide/SemanticTokens.cpp; the modifiers that are
  // not LSP's standard ones must be declared here for themes to style them.
  const cpp = fs.readFileSync(path.join(root, '..', 'ide', 'SemanticTokens.cpp'), 'utf8');
  const body = /semanticTokenModifierNames\(\) \{[^}]*\{([^}]*)\}/.exec(cpp);
  assert.ok(body, 'modifier list not found in ide/SemanticTokens.cpp');
  const legend = [...body[1].matchAll(/"([A-Za-z]+)"/g)].map((m) => m[1]);
  const standard = ['declaration', 'definition', 'readonly', 'static', 'deprecated', 'abstract', 'async', 'modification', 'documentation', 'defaultLibrary'];
  const custom = legend.filter((m) => !standard.includes(m));
  assert.deepEqual(custom, ['owned', 'borrowed', 'freed', 'criticalAlias', 'allocated', 'copied']);
  assert.deepEqual(
    pkg.contributes.semanticTokenModifiers.map((m: { id: string }) => m.id),
    custom,
  );
  const scopes = pkg.contributes.semanticTokenScopes.find((s: { language: string }) => s.language === 'mlir').scopes;
  for (const m of custom) assert.ok(scopes[`variable.${m}`]?.length, m);
  assert.equal(pkg.contributes.configurationDefaults['[mlir]']['editor.semanticHighlighting.enabled'], true);
});

test('the .vsix contains the grammar and the language configuration', () => {
  // `vsce ls` lists what `vsce package` would put in the .vsix (after
  // .vscodeignore); the bundles under dist/ exist only after a build.
  const vsce = path.join(root, 'node_modules/.bin/vsce');
  const files = execFileSync(vsce, ['ls', '--no-dependencies'], { cwd: root, encoding: 'utf8' }).split('\n');
  for (const f of ['package.json', 'README.md', 'syntaxes/mlir.tmLanguage.json', 'language-configuration.json']) {
    assert.ok(files.includes(f), `${f} not in [${files.join(', ')}]`);
  }
  assert.ok(!files.some((f) => f.startsWith('test/') || f.startsWith('src/')), files.join(', '));
});

test('package.json contributes every command and setting the extension uses', () => {
  const commands = pkg.contributes.commands.map((c: { command: string }) => c.command);
  for (const c of ['bufferlens.showGraph', 'bufferlens.showPipelinePreview', 'bufferlens.toggleOwnershipLens', 'bufferlens.restartServer']) {
    assert.ok(commands.includes(c), c);
  }
  const props = pkg.contributes.configuration.properties;
  for (const key of [
    'bufferlens.server.path',
    'bufferlens.checks',
    'bufferlens.stage',
    'bufferlens.promoteToStackLimit',
    'bufferlens.pipeline.privateFunctionDynamicOwnership',
    'bufferlens.trace.server',
  ]) {
    assert.ok(props[key], key);
  }
  assert.equal(props['bufferlens.server.path'].default, 'bufferlens');
  assert.deepEqual(props['bufferlens.trace.server'].enum, ['off', 'messages', 'verbose']);
  assert.deepEqual(props['bufferlens.checks'].additionalProperties.enum, ['off', 'error', 'warning', 'info', 'hint']);
});

test('status bar text for each server state', () => {
  assert.equal(statusView('running').text, '$(check) BufferLens');
  assert.equal(statusView('starting').text, '$(sync~spin) BufferLens');
  assert.equal(statusView('stopped').accessibleLabel, 'BufferLens server stopped');
  const e = statusView('error', 'server binary not found');
  assert.equal(e.isError, true);
  assert.equal(e.accessibleLabel, 'BufferLens server error: server binary not found');
});

test('the graph page only runs the nonce-carrying script and preselects the stage', () => {
  const nonce = makeNonce();
  assert.match(nonce, /^[A-Za-z0-9]{32}$/);
  const html = buildGraphHtml({ cspSource: 'vscode-resource:', nonce, scriptUri: 'vscode-resource:/dist/webview.js', stage: 'pipeline' });
  assert.match(html, new RegExp(`script-src 'nonce-${nonce}'`));
  assert.match(html, /default-src 'none'/);
  assert.match(html, /<option value="pipeline" selected>/);
  assert.equal((html.match(/<script/g) ?? []).length, 1);
  assert.match(html, new RegExp(`<script nonce="${nonce}" src="vscode-resource:/dist/webview.js">`));
});

test('the bundle ships the script the language client uses to kill a hung server', () => {
  const ignore = fs.readFileSync(path.join(root, '.vscodeignore'), 'utf8');
  assert.match(ignore, /^!dist\/terminateProcess\.sh$/m);
  assert.match(fs.readFileSync(path.join(root, 'scripts/build.mjs'), 'utf8'), /terminateProcess\.sh/);
});

test('the server is started without a transport flag (bufferlens serve takes no --stdio)', () => {
  const text = fs.readFileSync(path.join(root, 'src/server.ts'), 'utf8');
  assert.match(text, /cp\.spawn\(resolution\.path, \['serve'\]/);
  assert.doesNotMatch(text, /transport: TransportKind/);
});
