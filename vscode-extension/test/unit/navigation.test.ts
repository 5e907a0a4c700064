import { test } from 'node:test';
import assert from 'node:assert/strict';
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
});
