import { test } from 'node:test';
import assert from 'node:assert/strict';
import { documentSelector } from '../../src/documentSelector';

test('MLIR documents and every .bufferlens.json on disk go to the server', () => {
  assert.deepEqual(documentSelector, [
    { scheme: 'file', language: 'mlir' },
    { scheme: 'untitled', language: 'mlir' },
    { scheme: 'file', pattern: '**/.bufferlens.json' },
  ]);
});
