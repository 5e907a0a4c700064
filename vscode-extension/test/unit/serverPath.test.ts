import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expandVariables, resolveServerPath, type ServerPathContext } from '../../src/serverPath';

function ctx(executables: string[], over: Partial<ServerPathContext> = {}): ServerPathContext {
  const set = new Set(executables);
  return {
    setting: 'bufferlens',
    workspaceFolders: ['/work/repo'],
    extensionPath: '/home/u/.vscode/extensions/bufferlens',
    envPath: '/usr/local/bin:/usr/bin',
    homeDir: '/home/u',
    isExecutable: (p) => set.has(p),
    ...over,
  };
}

test('default: bufferlens on PATH wins', () => {
  const r = resolveServerPath(ctx(['/usr/bin/bufferlens', '/work/repo/build/bin/bufferlens']));
  assert.deepEqual(r, { ok: true, path: '/usr/bin/bufferlens', source: 'PATH' });
});

test('default: then the workspace build, then next to the extension', () => {
  assert.deepEqual(resolveServerPath(ctx(['/work/repo/build/bin/bufferlens'])), {
    ok: true,
    path: '/work/repo/build/bin/bufferlens',
    source: 'workspace build',
  });
  assert.deepEqual(
    resolveServerPath(ctx(['/src/bl/build/bin/bufferlens'], { extensionPath: '/src/bl/vscode-extension', workspaceFolders: [] })),
    { ok: true, path: '/src/bl/build/bin/bufferlens', source: 'extension' },
  );
  assert.deepEqual(resolveServerPath(ctx(['/home/u/.vscode/extensions/bufferlens/bin/bufferlens'])), {
    ok: true,
    path: '/home/u/.vscode/extensions/bufferlens/bin/bufferlens',
    source: 'extension',
  });
});

test('empty setting behaves like the default', () => {
  const r = resolveServerPath(ctx(['/work/repo/build/bin/bufferlens'], { setting: '  ' }));
  assert.equal(r.ok && r.path, '/work/repo/build/bin/bufferlens');
});

test('explicit absolute, relative, ${workspaceFolder} and ~ paths', () => {
  assert.deepEqual(resolveServerPath(ctx(['/opt/bl/bufferlens'], { setting: '/opt/bl/bufferlens' })), {
    ok: true,
    path: '/opt/bl/bufferlens',
    source: 'setting',
  });
  assert.equal(
    (resolveServerPath(ctx(['/work/repo/out/bufferlens'], { setting: './out/bufferlens' })) as { path: string }).path,
    '/work/repo/out/bufferlens',
  );
  assert.equal(
    (resolveServerPath(ctx(['/work/repo/b/bufferlens'], { setting: '${workspaceFolder}/b/bufferlens' })) as { path: string }).path,
    '/work/repo/b/bufferlens',
  );
  assert.equal((resolveServerPath(ctx(['/home/u/bin/bl'], { setting: '~/bin/bl' })) as { path: string }).path, '/home/u/bin/bl');
  assert.equal(expandVariables('${userHome}/x', { workspaceFolders: [], homeDir: '/h' }), '/h/x');
});

test('an explicit path that does not exist is an error, with no fallback', () => {
  const r = resolveServerPath(ctx(['/usr/bin/bufferlens'], { setting: '/nope/bufferlens' }));
  assert.equal(r.ok, false);
  assert.ok(!r.ok && r.message.includes('/nope/bufferlens'));
  assert.ok(!r.ok && r.tried.includes('/nope/bufferlens'));
});

test('missing everywhere: the error lists what was tried', () => {
  const r = resolveServerPath(ctx([]));
  assert.equal(r.ok, false);
  if (!r.ok) {
    assert.match(r.message, /not found/);
    assert.deepEqual(r.tried, [
      '/usr/local/bin/bufferlens',
      '/usr/bin/bufferlens',
      '/work/repo/build/bin/bufferlens',
      '/home/u/.vscode/extensions/build/bin/bufferlens',
      '/home/u/.vscode/extensions/bufferlens/bin/bufferlens',
    ]);
  }
});

test('another bare name is only looked up on PATH', () => {
  const r = resolveServerPath(ctx(['/work/repo/build/bin/bufferlens'], { setting: 'bufferlens-dev' }));
  assert.equal(r.ok, false);
  assert.ok(!r.ok && r.tried.every((p) => p.endsWith('/bufferlens-dev')) && r.tried.length === 2);
});

test('${workspaceFolder} with no folder open is reported', () => {
  const r = resolveServerPath(ctx([], { setting: '${workspaceFolder}/build/bin/bufferlens', workspaceFolders: [] }));
  assert.equal(r.ok, false);
  assert.ok(!r.ok && r.message.includes('no folder is open'));
});
