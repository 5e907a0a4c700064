import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import {
  PATH_CONTEXT_KEY,
  chooseFinding,
  pathSteps,
  stepStatus,
  stepTarget,
  type PathFinding,
} from '../../src/pathSteps';
import { parsePathTarget, pathGraphParams } from '../../src/params';
import type { Range } from '../../src/protocol';

function rng(l1: number, c1: number, l2: number, c2: number): Range {
  return { start: { line: l1, character: c1 }, end: { line: l2, character: c2 } };
}

// test/lsp/inputs/leak.mlir's BL101, as the server sends it (test_protocol.py
// checks the same related information).
const leak: PathFinding = {
  range: rng(2, 2, 2, 6),
  code: 'BL101',
  message: '%buf leaks when the function returns through ^keep',
  related: [
    { range: rng(2, 2, 2, 6), message: '1. %buf is allocated here' },
    { range: rng(3, 2, 3, 12), message: '2. branching to ^keep (%cond is false)' },
    { range: rng(10, 2, 10, 8), message: '3. leaves the function here without freeing %buf' },
  ],
};
const doubleFree: PathFinding = {
  range: rng(16, 2, 16, 16),
  code: 'BL102',
  message: 'double free of %a: ^bb0',
  related: [
    { range: rng(14, 2, 14, 4), message: '1. %a is allocated here' },
    { range: rng(15, 2, 15, 16), message: '2. %a is freed here' },
    { range: rng(16, 2, 16, 16), message: '3. %a is freed again here' },
  ],
};
const noPath: PathFinding = { range: rng(20, 0, 20, 4), code: 'BL201', message: 'critical alias', related: [] };

test('the steps are the numbered notes in order, without their numbers', () => {
  assert.deepEqual(pathSteps(leak.related), [
    { range: rng(2, 2, 2, 6), message: '%buf is allocated here' },
    { range: rng(3, 2, 3, 12), message: 'branching to ^keep (%cond is false)' },
    { range: rng(10, 2, 10, 8), message: 'leaves the function here without freeing %buf' },
  ]);
});

test('the related locations after the steps, and a broken sequence, are not steps', () => {
  const related = [
    { range: rng(1, 0, 1, 1), message: '1. allocated here' },
    { range: rng(2, 0, 2, 1), message: 'the path leaves here' },
    { range: rng(3, 0, 3, 1), message: '2. not a step: after an unnumbered note' },
  ];
  assert.deepEqual(pathSteps(related), [{ range: rng(1, 0, 1, 1), message: 'allocated here' }]);
  assert.deepEqual(pathSteps([{ range: rng(1, 0, 1, 1), message: '2. starts at two' }]), []);
  assert.deepEqual(pathSteps([{ range: rng(1, 0, 1, 1), message: '1.no space' }]), []);
});

test('the finding at the cursor wins; else the one walked last; else one with a step at the cursor', () => {
  const all = [noPath, leak, doubleFree];
  assert.equal(chooseFinding(all, { line: 16, character: 5 }, leak), doubleFree);
  assert.equal(chooseFinding(all, { line: 5, character: 0 }, leak), leak);
  // The last one is matched by code and message: its range may have moved.
  assert.equal(chooseFinding(all, { line: 5, character: 0 }, { ...leak, range: rng(3, 2, 3, 6) }), leak);
  assert.equal(chooseFinding(all, { line: 15, character: 4 }, undefined), doubleFree);
  assert.equal(chooseFinding(all, { line: 5, character: 0 }, undefined), undefined);
  assert.equal(chooseFinding(all, { line: 20, character: 1 }, undefined), undefined);
});

test('of two findings with the same words, the one walked last is the nearer', () => {
  const shift = (r: Range, n: number): Range => rng(r.start.line + n, r.start.character, r.end.line + n, r.end.character);
  const again: PathFinding = {
    ...leak,
    range: shift(leak.range, 40),
    related: leak.related.map((n) => ({ ...n, range: shift(n.range, 40) })),
  };
  assert.equal(chooseFinding([leak, again], { line: 30, character: 0 }, { ...again, range: shift(again.range, 1) }), again);
  assert.equal(chooseFinding([leak, again], { line: 30, character: 0 }, leak), leak);
});

test('next goes to the first step from elsewhere, then along the path, and stops at the last', () => {
  const steps = pathSteps(leak.related);
  assert.equal(stepTarget(steps, rng(2, 3, 2, 3), undefined, 1), 0);
  assert.equal(stepTarget(steps, rng(2, 3, 2, 3), undefined, -1), 2);
  assert.equal(stepTarget(steps, rng(2, 2, 2, 6), 0, 1), 1);
  assert.equal(stepTarget(steps, rng(3, 2, 3, 12), 1, 1), 2);
  assert.equal(stepTarget(steps, rng(10, 2, 10, 8), 2, 1), undefined);
  assert.equal(stepTarget(steps, rng(10, 2, 10, 8), 2, -1), 1);
  assert.equal(stepTarget(steps, rng(2, 2, 2, 6), 0, -1), undefined);
});

test('a step that shares its range with another is told apart by the step shown last', () => {
  // BL102's last step is the finding's own range; the first step of BL101
  // is the allocation, the finding's range too.
  const steps = pathSteps(leak.related);
  assert.equal(stepTarget(steps, rng(2, 2, 2, 6), undefined, 1), 1);
  // A selection on another step than the one shown last: that step counts.
  assert.equal(stepTarget(steps, rng(3, 2, 3, 12), 0, 1), 2);
});

test('the status names the code, the step and its words', () => {
  const steps = pathSteps(leak.related);
  assert.equal(stepStatus(leak, steps, 1), 'BL101 step 2/3: branching to ^keep (%cond is false)');
});

test('Show path targets and the graph request of a path', () => {
  assert.deepEqual(parsePathTarget({ uri: 'file:///a.mlir', position: { line: 2, character: 2 } }), {
    uri: 'file:///a.mlir',
    position: { line: 2, character: 2 },
  });
  assert.equal(parsePathTarget({ uri: 'file:///a.mlir' }), undefined);
  assert.equal(parsePathTarget({ uri: '', position: { line: 0, character: 0 } }), undefined);
  assert.equal(parsePathTarget({ uri: 'file:///a.mlir', position: { line: -1, character: 0 } }), undefined);
  assert.equal(parsePathTarget(undefined), undefined);
  assert.deepEqual(pathGraphParams('file:///a.mlir', { line: 2, character: 2 }), {
    uri: 'file:///a.mlir',
    stage: 'input',
    format: 'svg',
    finding: { line: 2, character: 2 },
  });
});

test('the step keybindings are scoped to the context key the navigator sets', () => {
  const root = path.resolve(__dirname, '../../..');
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const bindings = pkg.contributes.keybindings.filter((k: { command: string }) => /PathStep$/.test(k.command));
  assert.deepEqual(
    bindings.map((k: { command: string; key: string }) => [k.command, k.key]),
    [
      ['bufferlens.nextPathStep', 'alt+]'],
      ['bufferlens.previousPathStep', 'alt+['],
    ],
  );
  for (const k of bindings) assert.match(k.when, new RegExp(`(^| )${PATH_CONTEXT_KEY.replace('.', '\\.')}( |$)`));
});
