import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  formatPreviewQuery,
  functionAtLine,
  graphParams,
  ownershipAtParams,
  parseGraphTarget,
  parsePreviewQuery,
  previewFileName,
  rewriteParams,
} from '../../src/params';

const editor = { uri: 'file:///w/example.mlir', position: { line: 12, character: 7 } };

test('bufferlens/graph params: the function containing the cursor, as SVG', () => {
  assert.deepEqual(graphParams(editor, 'ownership'), {
    uri: 'file:///w/example.mlir',
    position: { line: 12, character: 7 },
    stage: 'ownership',
    format: 'svg',
  });
});

test('bufferlens/graph params: a function picked by name is sent instead of the position', () => {
  const p = graphParams(editor, 'classic', 'loop');
  assert.deepEqual(p, { uri: 'file:///w/example.mlir', function: 'loop', stage: 'classic', format: 'svg' });
  assert.equal('position' in p, false);
});

test('bufferlens/graph params keep every stage', () => {
  for (const stage of ['input', 'classic', 'ownership', 'pipeline'] as const) {
    assert.equal(graphParams(editor, stage).stage, stage);
  }
});

test('bufferlens/ownershipAt params copy the cursor (no extra fields)', () => {
  const p = ownershipAtParams({ uri: editor.uri, position: { line: 3, character: 9, extra: 1 } as never });
  assert.deepEqual(p, { uri: editor.uri, position: { line: 3, character: 9 } });
});

test('bufferlens/rewrite params: stage only for the ownership strategy', () => {
  assert.deepEqual(rewriteParams('file:///a.mlir', 'ownership', 'lowered'), {
    uri: 'file:///a.mlir',
    strategy: 'ownership',
    stage: 'lowered',
  });
  assert.deepEqual(rewriteParams('file:///a.mlir', 'ownership'), { uri: 'file:///a.mlir', strategy: 'ownership' });
  assert.deepEqual(rewriteParams('file:///a.mlir', 'classic', 'lowered'), { uri: 'file:///a.mlir', strategy: 'classic' });
});

test('preview query round-trips and rejects junk', () => {
  const src = 'file:///w/dir with space/a%23b.mlir';
  const q = formatPreviewQuery({ source: src, strategy: 'ownership', stage: 'simplified' });
  assert.deepEqual(parsePreviewQuery(q), { source: src, strategy: 'ownership', stage: 'simplified' });
  assert.deepEqual(parsePreviewQuery(formatPreviewQuery({ source: src, strategy: 'classic' })), {
    source: src,
    strategy: 'classic',
  });
  assert.equal(parsePreviewQuery('source=x&strategy=bogus'), null);
  assert.equal(parsePreviewQuery('strategy=classic'), null);
  assert.equal(parsePreviewQuery('source=x&strategy=ownership&stage=nope'), null);
});

test('preview tab names say which variant they show', () => {
  assert.equal(previewFileName('example.mlir', { strategy: 'ownership', stage: 'lowered' }), 'example.ownership-lowered.mlir');
  assert.equal(previewFileName('example.mlir', { strategy: 'classic' }), 'example.classic.mlir');
});

test('functionAtLine finds the enclosing func.func header', () => {
  const lines = [
    'module {',
    '  func.func @first(%arg0: memref<2xf32>) {',
    '    return',
    '  }',
    '  func.func private @"quoted name"() {',
    '    return',
    '  }',
    '  func.func public @third.v2() -> memref<2xf32> {',
    '    %0 = memref.alloc() : memref<2xf32>',
    '    return %0 : memref<2xf32>',
    '  }',
    '}',
  ];
  const at = (l: number) => functionAtLine((i) => lines[i], lines.length, l);
  assert.equal(at(0), null);
  assert.equal(at(1), 'first');
  assert.equal(at(2), 'first');
  assert.equal(at(5), '"quoted name"');
  assert.equal(at(8), 'third.v2');
  assert.equal(at(100), 'third.v2');
});

test('bufferlens.showGraph: the code lens argument names the function and its position', () => {
  assert.deepEqual(
    parseGraphTarget({ uri: 'file:///w/a.mlir', function: 'cond', position: { line: 4, character: 10 } }),
    { uri: 'file:///w/a.mlir', function: 'cond', position: { line: 4, character: 10 } },
  );
  // The position is optional; a malformed one is dropped.
  assert.deepEqual(parseGraphTarget({ uri: 'file:///w/a.mlir', function: 'cond' }), {
    uri: 'file:///w/a.mlir',
    function: 'cond',
  });
  assert.deepEqual(parseGraphTarget({ uri: 'file:///w/a.mlir', function: 'cond', position: { line: -1, character: 0 } }), {
    uri: 'file:///w/a.mlir',
    function: 'cond',
  });
});

test('bufferlens.showGraph: no argument, or the editor title\'s URI, follows the cursor', () => {
  assert.equal(parseGraphTarget(undefined), undefined);
  assert.equal(parseGraphTarget({ scheme: 'file', path: '/w/a.mlir', fsPath: '/w/a.mlir' }), undefined);
  assert.equal(parseGraphTarget({ uri: 'file:///w/a.mlir' }), undefined);
  assert.equal(parseGraphTarget({ uri: 'file:///w/a.mlir', function: '' }), undefined);
  assert.equal(parseGraphTarget('cond'), undefined);
});
