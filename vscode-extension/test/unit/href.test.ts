import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatRangeHref, parseRangeHref } from '../../src/href';

test('parses #range=L1:C1-L2:C2 into a 0-based LSP range', () => {
  assert.deepEqual(parseRangeHref('#range=1:2-5:3'), { start: { line: 1, character: 2 }, end: { line: 5, character: 3 } });
  assert.deepEqual(parseRangeHref('#range=0:0-0:0'), { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
});

test('accepts a URL that a browser resolved against the page', () => {
  assert.deepEqual(parseRangeHref('vscode-webview://abc/index.html?id=1#range=10:4-12:0'), {
    start: { line: 10, character: 4 },
    end: { line: 12, character: 0 },
  });
});

test('rejects malformed, reversed and foreign hrefs', () => {
  for (const bad of [
    null,
    undefined,
    '',
    '#range=',
    '#range=1:2-3',
    '#range=a:1-2:3',
    '#range=-1:0-2:0',
    '#range=5:0-4:0', // end before start (line)
    '#range=5:9-5:3', // end before start (character)
    '#range=1:2-3:4x',
    'https://example.invalid/#other=1:2-3:4',
    '#range=1.5:0-2:0',
  ]) {
    assert.equal(parseRangeHref(bad as string), null, String(bad));
  }
});

test('formatRangeHref round-trips', () => {
  const r = { start: { line: 3, character: 7 }, end: { line: 9, character: 1 } };
  assert.equal(formatRangeHref(r), '#range=3:7-9:1');
  assert.deepEqual(parseRangeHref(formatRangeHref(r)), r);
});
