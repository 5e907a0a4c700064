import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LENS_STYLES, groupOwnershipRanges, lensHoverText } from '../../src/decorations';
import { OWNERSHIP_KINDS, type OwnershipAtResult } from '../../src/protocol';

const r = (sl: number, sc: number, el: number, ec: number) => ({
  start: { line: sl, character: sc },
  end: { line: el, character: ec },
});

test('each kind of the result goes to its own decoration, in document order', () => {
  const result: OwnershipAtResult = {
    value: '%0',
    ranges: [
      { range: r(9, 2, 9, 30), kind: 'freed', message: 'freed by memref.dealloc' },
      { range: r(3, 4, 3, 6), kind: 'definition' },
      { range: r(3, 4, 9, 30), kind: 'live' },
      { range: r(6, 10, 6, 12), kind: 'alias-use' },
      { range: r(5, 10, 5, 12), kind: 'alias-use' },
      { range: r(7, 4, 7, 20), kind: 'ownership-transfer', message: 'returned to the caller' },
      { range: r(4, 8, 4, 10), kind: 'critical-alias', message: 'needs a clone in ^bb1' },
    ],
  };
  const g = groupOwnershipRanges(result);
  assert.deepEqual(g.definition, [{ range: r(3, 4, 3, 6) }]);
  assert.deepEqual(g.live, [{ range: r(3, 4, 9, 30) }]);
  assert.deepEqual(g['alias-use'], [{ range: r(5, 10, 5, 12) }, { range: r(6, 10, 6, 12) }]);
  assert.deepEqual(g['ownership-transfer'], [{ range: r(7, 4, 7, 20), message: 'returned to the caller' }]);
  assert.deepEqual(g.freed, [{ range: r(9, 2, 9, 30), message: 'freed by memref.dealloc' }]);
  assert.deepEqual(g['critical-alias'], [{ range: r(4, 8, 4, 10), message: 'needs a clone in ^bb1' }]);
});

test('a null value or result clears every kind', () => {
  for (const res of [null, undefined, { value: null, ranges: [{ range: r(1, 1, 1, 2), kind: 'live' }] }] as const) {
    const g = groupOwnershipRanges(res as OwnershipAtResult | null);
    for (const kind of OWNERSHIP_KINDS) assert.deepEqual(g[kind], [], kind);
  }
});

test('unknown kinds, bad ranges and duplicates are skipped', () => {
  const g = groupOwnershipRanges({
    value: '%a',
    ranges: [
      { range: r(1, 0, 1, 2), kind: 'borrowed' as never },
      { range: r(2, 5, 1, 0), kind: 'live' },
      { range: { start: { line: 1 } } as never, kind: 'freed' },
      { range: r(4, 0, 4, 2), kind: 'freed' },
      { range: r(4, 0, 4, 2), kind: 'freed' },
    ],
  });
  assert.deepEqual(g.live, []);
  assert.deepEqual(g.freed, [{ range: r(4, 0, 4, 2) }]);
});

test('every kind has a distinct theme colour and an overview ruler mark', () => {
  const colours = OWNERSHIP_KINDS.map((k) => LENS_STYLES[k].backgroundColor ?? LENS_STYLES[k].borderColor);
  assert.equal(new Set(colours).size, OWNERSHIP_KINDS.length);
  assert.equal(new Set(OWNERSHIP_KINDS.map((k) => LENS_STYLES[k].rulerColor)).size, OWNERSHIP_KINDS.length);
  for (const k of OWNERSHIP_KINDS) assert.match(LENS_STYLES[k].rulerColor, /^bufferlens\.ownership\./);
});

test('the theme colours used are contributed in package.json with light, dark and high-contrast defaults', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const pkg = require('../../../package.json');
  const contributed = new Map<string, Record<string, unknown>>(
    pkg.contributes.colors.map((c: { id: string; defaults: Record<string, unknown> }) => [c.id, c.defaults]),
  );
  for (const k of OWNERSHIP_KINDS) {
    const s = LENS_STYLES[k];
    for (const id of [s.backgroundColor, s.borderColor, s.rulerColor].filter(Boolean) as string[]) {
      assert.ok(contributed.has(id), `${id} is not contributed`);
      const d = contributed.get(id)!;
      assert.ok('dark' in d && 'light' in d && 'highContrast' in d, id);
    }
  }
});

test('hover text names the value and the kind', () => {
  assert.equal(lensHoverText('%0', 'freed'), 'BufferLens · %0: freed');
  assert.equal(lensHoverText('%0', 'critical-alias', 'clone in ^bb2'), 'BufferLens · %0: critical alias\n\nclone in ^bb2');
});
