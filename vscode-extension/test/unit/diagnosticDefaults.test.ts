import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeLinks, declareCompactDiagnostics, fillDiagnostics, type Fillable } from '../../src/diagnosticDefaults';

test('the client capabilities declare compact diagnostics, keeping what else is there', () => {
  const bare: { experimental?: unknown } = {};
  declareCompactDiagnostics(bare);
  assert.equal(JSON.stringify(bare), '{"experimental":{"bufferlens":{"compactDiagnostics":true}}}');
  const other: { experimental?: unknown } = { experimental: { other: 1, bufferlens: { x: 2 } } };
  declareCompactDiagnostics(other);
  assert.deepEqual(other, { experimental: { other: 1, bufferlens: { x: 2, compactDiagnostics: true } } });
});

test('our diagnostics get the source and the code link a full one carries', () => {
  const parsed: string[] = [];
  const links = codeLinks('file:///src/README.md', (href) => {
    parsed.push(href);
    return { href };
  });
  const diagnostics: Fillable<{ href: string }>[] = [
    { code: 'BL101' },
    { code: 'BL203' },
    { code: 'BL101' },
    // MLIR's own error: its source stays, and it has no code.
    { source: 'mlir' },
    // Not a finding code: left as it is.
    { code: 'E42' },
  ];
  fillDiagnostics(diagnostics, links);
  assert.deepEqual(diagnostics, [
    { source: 'bufferlens', code: { value: 'BL101', target: { href: 'file:///src/README.md#bl101' } } },
    { source: 'bufferlens', code: { value: 'BL203', target: { href: 'file:///src/README.md#bl203' } } },
    { source: 'bufferlens', code: { value: 'BL101', target: { href: 'file:///src/README.md#bl101' } } },
    { source: 'mlir' },
    { source: 'bufferlens', code: 'E42' },
  ]);
  // One parse per code, and the diagnostics share it.
  assert.deepEqual(parsed, ['file:///src/README.md#bl101', 'file:///src/README.md#bl203']);
  const [a, , c] = diagnostics;
  assert.equal((a.code as { target: unknown }).target, (c.code as { target: unknown }).target);
});

test('without a base from the server, codes stay plain', () => {
  for (const base of [undefined, '', 5]) {
    const diagnostics: Fillable<string>[] = [{ code: 'BL102' }];
    fillDiagnostics(
      diagnostics,
      codeLinks(base, (href) => href),
    );
    assert.deepEqual(diagnostics, [{ source: 'bufferlens', code: 'BL102' }]);
  }
});
