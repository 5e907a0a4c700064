import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toServerOptions } from '../../src/config';

test('nothing set: only an empty checks object, so .bufferlens.json decides', () => {
  assert.deepEqual(toServerOptions({}), { payload: { checks: {} }, warnings: [] });
  assert.deepEqual(toServerOptions({ checks: {} }).payload, { checks: {} });
});

test('every setting maps to the .bufferlens.json key', () => {
  const { payload, warnings } = toServerOptions({
    checks: { BL301: 'off', BL203: 'error', bl101: 'Warning' },
    stage: 'deallocated',
    promoteToStackLimit: 4096,
    privateFunctionDynamicOwnership: true,
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(payload, {
    checks: { BL301: 'off', BL203: 'error', BL101: 'warning' },
    stage: 'deallocated',
    promoteToStackLimit: 4096,
    privateFunctionDynamicOwnership: true,
  });
  // Exactly the serialised shape the server reads.
  assert.equal(
    JSON.stringify(payload),
    '{"checks":{"BL301":"off","BL203":"error","BL101":"warning"},"stage":"deallocated","promoteToStackLimit":4096,"privateFunctionDynamicOwnership":true}',
  );
});

test('false and 0 are sent when set explicitly', () => {
  assert.deepEqual(toServerOptions({ privateFunctionDynamicOwnership: false, promoteToStackLimit: 0 }).payload, {
    checks: {},
    promoteToStackLimit: 0,
    privateFunctionDynamicOwnership: false,
  });
});

test('invalid values are dropped with a warning each', () => {
  const { payload, warnings } = toServerOptions({
    checks: { BL301: 'loud', XY1: 'off', BL102: 3, BL103: 'hint' },
    stage: 'late',
    promoteToStackLimit: -1,
    privateFunctionDynamicOwnership: 'yes',
  });
  assert.deepEqual(payload, { checks: { BL103: 'hint' } });
  assert.equal(warnings.length, 6, warnings.join('\n'));
  assert.match(warnings.join('\n'), /BL301/);
  assert.match(warnings.join('\n'), /XY1/);
  assert.equal(toServerOptions({ checks: ['BL301'] }).warnings.length, 1);
  assert.equal(toServerOptions({ promoteToStackLimit: 1.5 }).warnings.length, 1);
});
