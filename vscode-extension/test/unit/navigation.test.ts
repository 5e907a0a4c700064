import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { decideNavigation, VSCODE_MLIR_ID } from '../../src/navigation';

test('auto leaves navigation to mlir-lsp-server only when vscode-mlir is present', () => {
  assert.deepEqual(decideNavigation(undefined, false), {
    enabled: true,
    reason: 'vscode-mlir is not installed',
    warning: undefined,
  });
  assert.deepEqual(decideNavigation('auto', true), {
    enabled: false,
    reason: 'vscode-mlir is installed: navigation is left to mlir-lsp-server',
    warning: undefined,
  });
});

test('auto answers when vscode-mlir is installed with mlir.enable false (no mlir-lsp-server)', () => {
  assert.deepEqual(decideNavigation('auto', true, false), {
    enabled: true,
    reason: 'vscode-mlir is installed but mlir.enable is false: mlir-lsp-server does not run',
    warning: undefined,
  });
  assert.equal(decideNavigation('auto', true, true).enabled, false);
  assert.equal(decideNavigation(undefined, false, false).enabled, true);
  assert.equal(decideNavigation('off', true, false).enabled, false);
});

test('on and off win over detection', () => {
  assert.equal(decideNavigation('on', true).enabled, true);
  assert.equal(decideNavigation('off', false).enabled, false);
});

test('a bad value is auto with a warning', () => {
  const d = decideNavigation('yes', true);
  assert.equal(d.enabled, false);
  assert.equal(d.warning, 'bufferlens.navigation: "yes" is not one of auto, on, off; using auto.');
});

test('the identifier is vscode-mlir\'s publisher.name', () => {
  assert.equal(VSCODE_MLIR_ID, 'llvm-vs-code-extensions.vscode-mlir');
  // The extension as published (third_party/vscode-mlir), and the setting
  // that turns its server off.
  const theirs = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../../third_party/vscode-mlir/package.json'), 'utf8'));
  assert.equal(`${theirs.publisher}.${theirs.name}`, VSCODE_MLIR_ID);
  assert.deepEqual(theirs.contributes.configuration.properties['mlir.enable'].default, true);
});
