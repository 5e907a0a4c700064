import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clampRange, parseWebviewMessage } from '../../src/messages';

test('a reveal message becomes a range', () => {
  assert.deepEqual(
    parseWebviewMessage({ type: 'reveal', range: { start: { line: 2, character: 4 }, end: { line: 2, character: 40 } } }),
    { type: 'reveal', range: { start: { line: 2, character: 4 }, end: { line: 2, character: 40 } } },
  );
});

test('reveal messages with bad ranges are dropped', () => {
  const bad = [
    { type: 'reveal' },
    { type: 'reveal', range: null },
    { type: 'reveal', range: { start: { line: 1, character: 0 } } },
    { type: 'reveal', range: { start: { line: -1, character: 0 }, end: { line: 0, character: 0 } } },
    { type: 'reveal', range: { start: { line: 1.5, character: 0 }, end: { line: 2, character: 0 } } },
    { type: 'reveal', range: { start: { line: '1', character: 0 }, end: { line: 2, character: 0 } } },
    { type: 'reveal', range: { start: { line: 3, character: 0 }, end: { line: 2, character: 0 } } },
  ];
  for (const m of bad) assert.equal(parseWebviewMessage(m), null, JSON.stringify(m));
});

test('stage, function, ready and refresh messages', () => {
  assert.deepEqual(parseWebviewMessage({ type: 'setStage', stage: 'pipeline' }), { type: 'setStage', stage: 'pipeline' });
  assert.equal(parseWebviewMessage({ type: 'setStage', stage: 'lowered' }), null);
  assert.deepEqual(parseWebviewMessage({ type: 'selectFunction', function: 'f' }), { type: 'selectFunction', function: 'f' });
  assert.equal(parseWebviewMessage({ type: 'selectFunction', function: '' }), null);
  assert.deepEqual(parseWebviewMessage({ type: 'ready', junk: 1 }), { type: 'ready' });
  assert.deepEqual(parseWebviewMessage({ type: 'refresh' }), { type: 'refresh' });
  for (const m of [null, 1, 'reveal', [], {}, { type: 'navigate', url: 'x' }]) assert.equal(parseWebviewMessage(m), null);
});

test('ranges from a stale graph are clamped to the document', () => {
  const lines = ['abc', 'hello', ''];
  const len = (l: number) => lines[l].length;
  assert.deepEqual(clampRange({ start: { line: 1, character: 2 }, end: { line: 9, character: 9 } }, lines.length, len), {
    start: { line: 1, character: 2 },
    end: { line: 2, character: 0 },
  });
  assert.deepEqual(clampRange({ start: { line: 0, character: 99 }, end: { line: 1, character: 99 } }, lines.length, len), {
    start: { line: 0, character: 3 },
    end: { line: 1, character: 5 },
  });
  assert.deepEqual(clampRange({ start: { line: 4, character: 1 }, end: { line: 5, character: 1 } }, 0, len), {
    start: { line: 0, character: 0 },
    end: { line: 0, character: 0 },
  });
});
