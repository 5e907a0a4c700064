// The TextMate grammar of .mlir files (syntaxes/mlir.tmLanguage.json),
// tokenized by the engine VS Code itself uses (vscode-textmate with the
// Oniguruma regular expressions compiled to WebAssembly).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import * as vsctm from 'vscode-textmate';
import * as oniguruma from 'vscode-oniguruma';

const root = path.resolve(__dirname, '../../..');
const repo = path.resolve(root, '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pkg = require(path.join(root, 'package.json'));

interface Token {
  start: number;
  end: number;
  // Outer to inner, without the grammar's own scope (source.mlir).
  scopes: string[];
}

let grammar: Promise<vsctm.IGrammar> | undefined;

// The grammar that package.json contributes for the mlir language.
function loadGrammar(): Promise<vsctm.IGrammar> {
  grammar ??= (async () => {
    const contribution = pkg.contributes.grammars.find((g: { language: string }) => g.language === 'mlir');
    const file = path.join(root, contribution.path);
    const wasm = fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
    await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
    const registry = new vsctm.Registry({
      onigLib: Promise.resolve({
        createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
        createOnigString: (s: string) => new oniguruma.OnigString(s),
      }),
      loadGrammar: async (scopeName: string) =>
        scopeName === contribution.scopeName ? vsctm.parseRawGrammar(fs.readFileSync(file, 'utf8'), file) : null,
    });
    const g = await registry.loadGrammar(contribution.scopeName);
    assert.ok(g, `no grammar for ${contribution.scopeName}`);
    return g;
  })();
  return grammar;
}

// Tokenizes a whole file line by line, carrying the rule stack across lines
// as the editor does.
async function tokenize(text: string): Promise<{ lines: string[]; tokens: Token[][] }> {
  const g = await loadGrammar();
  const lines = text.split(/\r?\n/);
  const tokens: Token[][] = [];
  let stack = vsctm.INITIAL;
  for (const line of lines) {
    const r = g.tokenizeLine(line, stack);
    tokens.push(
      r.tokens.map((t) => {
        assert.equal(t.scopes[0], 'source.mlir');
        return { start: t.startIndex, end: Math.min(t.endIndex, line.length), scopes: t.scopes.slice(1) };
      }),
    );
    stack = r.ruleStack;
  }
  return { lines, tokens };
}

function scopesAt(tokens: Token[], col: number): string[] | undefined {
  return tokens.find((t) => t.start <= col && col < t.end)?.scopes;
}

// An assertion line of the annotated fixture: `//  ^^^ a.mlir b.mlir`
// (exactly these scopes), `//  ^^^ in a.mlir` (inside a.mlir) or
// `//  ^^^ none` (no scope but source.mlir), about the characters above
// the carets on the nearest line above that is not an assertion line.
const ASSERTION = /^\/\/( *)(\^+) +(\S.*)$/;

test('the annotated fixture has the scopes its annotations assert', async () => {
  const fixture = path.join(root, 'test/fixtures/grammar/annotated.mlir');
  const { lines, tokens } = await tokenize(fs.readFileSync(fixture, 'utf8'));
  const failures: string[] = [];
  let target = -1;
  let checked = 0;
  lines.forEach((line, i) => {
    const m = ASSERTION.exec(line);
    if (!m) {
      target = i;
      return;
    }
    assert.ok(target >= 0, `assertion on line ${i + 1} has no line above it`);
    const first = 2 + m[1].length;
    const words = m[3].trim().split(/\s+/);
    const mode = words[0] === 'in' ? 'in' : words[0] === 'none' ? 'none' : 'exact';
    const expected = mode === 'in' ? words.slice(1) : mode === 'none' ? [] : words;
    for (let col = first; col < first + m[2].length; ++col) {
      const where = `line ${target + 1}, column ${col + 1} ('${lines[target][col]}', asserted on line ${i + 1})`;
      const actual = scopesAt(tokens[target], col);
      if (actual === undefined) {
        failures.push(`${where}: past the end of the line`);
        continue;
      }
      ++checked;
      const ok = mode === 'in' ? expected.every((s) => actual.includes(s)) : JSON.stringify(actual) === JSON.stringify(expected);
      if (!ok) failures.push(`${where}: expected ${mode} [${expected.join(' ')}], got [${actual.join(' ')}]`);
    }
  });
  assert.deepEqual(failures, []);
  // The annotations were read: a broken ASSERTION pattern must not pass.
  assert.ok(checked > 600, `only ${checked} characters checked`);
});

test('the grammar tokenizes single constructs as expected', async () => {
  // The scopes of the last occurrence of `text` in `line`.
  const scopesOf = async (line: string, text: string): Promise<string[] | undefined> => {
    const { tokens } = await tokenize(line);
    const col = line.lastIndexOf(text);
    assert.ok(col >= 0, text);
    const t = tokens[0].find((tok) => tok.start === col);
    // The text is one token of its own.
    return t && t.end === col + text.length ? t.scopes : undefined;
  };
  assert.deepEqual(await scopesOf('%0 = memref.alloc() : memref<2xf32>', '%0'), ['variable.other.mlir']);
  // Column 0, which the annotated fixture cannot point at.
  assert.deepEqual(await scopesOf('#map = affine_map<(d0) -> (d0)>', '#map'), ['variable.other.constant.attribute-alias.mlir']);
  assert.deepEqual(await scopesOf('!alias = !llvm.ptr', '!alias'), ['entity.name.type.alias.mlir']);
  assert.deepEqual(await scopesOf('module @outer attributes {test.attr} {', 'module'), ['entity.name.function.operation.mlir']);
  assert.deepEqual(await scopesOf('^bb1:', '^bb1'), ['entity.name.label.mlir']);
  assert.deepEqual(await scopesOf('"test.use"(%arg0#1) : (i32) -> ()', '%arg0#1'), ['variable.other.mlir']);
  assert.deepEqual(await scopesOf('  cf.br ^bb3(%1 : i1)', '^bb3'), ['entity.name.label.mlir']);
  assert.deepEqual(await scopesOf('  cf.br ^exit.0(%1 : i1)', '^exit.0'), ['entity.name.label.mlir']);
  assert.deepEqual(await scopesOf('func.call @"a b"() : () -> ()', '@"a b"'), ['entity.name.function.mlir']);
  assert.deepEqual(await scopesOf('  %p = "memref.alloc"() : () -> memref<2xf32>', 'memref.alloc'), [
    'entity.name.function.operation.mlir',
  ]);
  assert.deepEqual(await scopesOf('  memref.copy %a, %b : memref<2xf32> to memref<2xf32>', 'memref.copy'), [
    'entity.name.function.operation.mlir',
  ]);
  assert.deepEqual(await scopesOf('  memref.copy %a, %b : memref<2xf32> to memref<2xf32>', 'to'), ['keyword.other.mlir']);
  assert.deepEqual(await scopesOf('%z = arith.constant 1.5e+10 : bf16', '1.5e+10'), ['constant.numeric.float.mlir']);
  assert.deepEqual(await scopesOf('%z = arith.constant 0x7FC0 : bf16', '0x7FC0'), ['constant.numeric.integer.hexadecimal.mlir']);
  assert.deepEqual(await scopesOf('%z = arith.constant 0x7FC0 : bf16', 'bf16'), ['support.type.mlir']);
  assert.deepEqual(await scopesOf('%n = "test.none"() : () -> none', 'none'), ['support.type.mlir']);
  // `0xf32` is a zero-sized dimension in a shape, a hexadecimal number elsewhere.
  assert.deepEqual(await scopesOf('%e = memref.alloc() : memref<0xf32>', 'f32'), ['meta.type.mlir', 'support.type.mlir']);
  assert.deepEqual(await scopesOf('%e = arith.constant 0xf32 : i32', '0xf32'), ['constant.numeric.integer.hexadecimal.mlir']);
});

test('a type or attribute spanning lines stays open until its closing bracket', async () => {
  const { tokens } = await tokenize('#map = affine_map<(d0, d1)\n    -> (d1, d0)>\n%x = memref.alloc() : memref<2xf32>');
  assert.deepEqual(scopesAt(tokens[1], 4), ['meta.attribute.mlir', 'keyword.operator.arrow.mlir']);
  assert.deepEqual(scopesAt(tokens[1], 15), ['meta.attribute.mlir', 'punctuation.definition.attribute.end.mlir']);
  assert.deepEqual(scopesAt(tokens[2], 0), ['variable.other.mlir']);
});

function mlirFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return mlirFiles(p);
    return e.isFile() && e.name.endsWith('.mlir') ? [p] : [];
  });
}

// The examples and the project's tests, the upstream MLIR test files under
// test/corpus among them.
test('every SSA value, block label and symbol of the repository .mlir files is recognised', async () => {
  const expected: Record<string, string> = {
    '%': 'variable.other.mlir',
    '^': 'entity.name.label.mlir',
    '@': 'entity.name.function.mlir',
  };
  const files = [...mlirFiles(path.join(repo, 'examples')), ...mlirFiles(path.join(repo, 'test'))];
  assert.ok(files.length >= 250, `only ${files.length} .mlir files found under ${repo}`);
  const failures: string[] = [];
  let sigils = 0;
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    // The CLI's test of binary input (NUL bytes) is not MLIR.
    if (text.includes('\0')) continue;
    const { lines, tokens } = await tokenize(text);
    lines.forEach((line, i) => {
      for (let col = 0; col < line.length; ++col) {
        const want = expected[line[col]];
        if (!want) continue;
        const scopes = scopesAt(tokens[i], col) ?? [];
        if (scopes.some((s) => s.startsWith('comment.') || s.startsWith('string.'))) continue;
        ++sigils;
        if (scopes[scopes.length - 1] !== want) {
          failures.push(`${path.relative(repo, file)}:${i + 1}:${col + 1}: '${line[col]}' has [${scopes.join(' ')}], expected ${want}`);
        }
      }
    });
  }
  assert.deepEqual(failures, []);
  assert.ok(sigils > 20000, `only ${sigils} values, labels and symbols seen`);
});
