/**
 * Where the `bufferlens` executable is. Pure: the file system and the
 * environment are passed in, so the rules are testable without VS Code.
 */

export const DEFAULT_SERVER_COMMAND = 'bufferlens';

export interface ServerPathContext {
  /** The `bufferlens.server.path` setting (default "bufferlens"). */
  setting: string | undefined;
  /** File-system paths of the workspace folders, first one first. */
  workspaceFolders: readonly string[];
  /** Where the extension is installed (its package.json's directory). */
  extensionPath: string;
  /** The PATH environment variable. */
  envPath: string | undefined;
  homeDir: string;
  /** True for an existing executable regular file. */
  isExecutable: (path: string) => boolean;
  pathSeparator?: string; // ':' (default) or ';'
}

export type ServerPathResolution =
  | { ok: true; path: string; source: 'setting' | 'PATH' | 'workspace build' | 'extension' }
  | { ok: false; tried: string[]; message: string };

function join(...parts: string[]): string {
  return parts
    .join('/')
    .replace(/\/+/g, '/')
    .replace(/\/\.\//g, '/');
}

function normalize(p: string): string {
  const abs = p.startsWith('/');
  const out: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..' && out.length && out[out.length - 1] !== '..') out.pop();
    else if (seg === '..' && abs) continue;
    else out.push(seg);
  }
  return (abs ? '/' : '') + out.join('/');
}

/** `${workspaceFolder}`, `${userHome}` and a leading `~` are expanded. */
export function expandVariables(setting: string, ctx: Pick<ServerPathContext, 'workspaceFolders' | 'homeDir'>): string {
  let s = setting.trim();
  const ws = ctx.workspaceFolders[0];
  s = s.replace(/\$\{userHome\}/g, ctx.homeDir);
  if (ws !== undefined) {
    s = s.replace(/\$\{workspaceFolder\}/g, ws);
  }
  if (s === '~' || s.startsWith('~/')) {
    s = ctx.homeDir + s.slice(1);
  }
  return s;
}

function isBareName(s: string): boolean {
  return !s.includes('/') && !s.includes('\\');
}

export function resolveServerPath(ctx: ServerPathContext): ServerPathResolution {
  const tried: string[] = [];
  const check = (p: string): boolean => {
    const n = normalize(p);
    tried.push(n);
    return ctx.isExecutable(n);
  };
  const raw = (ctx.setting ?? '').trim() || DEFAULT_SERVER_COMMAND;
  const setting = expandVariables(raw, ctx);

  if (setting.includes('${workspaceFolder}')) {
    return {
      ok: false,
      tried,
      message: `bufferlens.server.path uses \${workspaceFolder} but no folder is open: "${raw}".`,
    };
  }

  if (!isBareName(setting)) {
    // An explicit path: absolute, or relative to the first workspace folder.
    const candidates = setting.startsWith('/')
      ? [setting]
      : ctx.workspaceFolders.length
        ? ctx.workspaceFolders.map((ws) => join(ws, setting))
        : [join(ctx.extensionPath, setting)];
    for (const c of candidates) {
      if (check(c)) {
        return { ok: true, path: normalize(c), source: 'setting' };
      }
    }
    return {
      ok: false,
      tried,
      message: `The BufferLens server was not found at "${raw}" (bufferlens.server.path).`,
    };
  }

  // A bare command name: PATH first.
  for (const dir of (ctx.envPath ?? '').split(ctx.pathSeparator ?? ':')) {
    if (dir && check(join(dir, setting))) {
      return { ok: true, path: normalize(join(dir, setting)), source: 'PATH' };
    }
  }
  // Only the default name falls back to the build locations; a user who
  // typed another bare name meant that command.
  if (setting === DEFAULT_SERVER_COMMAND) {
    for (const ws of ctx.workspaceFolders) {
      if (check(join(ws, 'build/bin', setting))) {
        return { ok: true, path: normalize(join(ws, 'build/bin', setting)), source: 'workspace build' };
      }
    }
    // The extension installed from the repository (vscode-extension/ next to
    // build/), or a package that bundles the binary in bin/.
    for (const rel of ['../build/bin', 'bin']) {
      const c = join(ctx.extensionPath, rel, setting);
      if (check(c)) {
        return { ok: true, path: normalize(c), source: 'extension' };
      }
    }
  }
  return {
    ok: false,
    tried,
    message: `The BufferLens server "${setting}" was not found on PATH${
      setting === DEFAULT_SERVER_COMMAND ? ' nor in build/bin of the workspace' : ''
    }.`,
  };
}
