#!/usr/bin/env python3
"""Compares BufferLens's BL501/BL502 with upstream One-Shot Bufferize.

usage: compare_bufferized.py MLIR_OPT BUFFERLENS FILE [--split-input-file]

Runs `MLIR_OPT --one-shot-bufferize=OPTIONS --mlir-print-debuginfo` on FILE
(OPTIONS: those of FILE's first RUN line that runs the pass, as BufferLens
reads them, or bufferize-function-boundaries) (each `// -----` chunk alone, with its
lines kept, under --split-input-file) and collects the source lines of

- every `memref.alloc` (BL502's lines), and
- every `memref.copy` whose target is the result of a `memref.alloc` of the
  same function: the copy of an out-of-place operand (BL501's lines); the
  copies an op makes by its nature (tensor.insert_slice, tensor.pad into a
  subview) have a subview as their target,

then `BUFFERLENS lint --format json` on the same chunk, and compares the
multisets of lines (a finding that says "N copies" or "N allocations"
counts N times). A chunk upstream fails on must have a BL503 finding and
no BL501/BL502. Prints one line per chunk and exits 1 on a difference.
"""
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

LOC_DEF = re.compile(r'^(#loc\d*) = loc\((.*)\)$')
LOC_USE = re.compile(r'loc\((#loc\d*|"[^"]*":\d+:\d+)\)\s*$')
FILE_LINE = re.compile(r'"[^"]*":(\d+):(\d+)')
COUNT = re.compile(r'^(\d+) (copies|allocations): ')


def resolve(ref, defs, depth=0):
    """The line of a location reference or inline location."""
    if ref.startswith('"'):
        m = FILE_LINE.match(ref)
        return int(m.group(1)) if m else None
    text = defs.get(ref)
    if text is None or depth > 20:
        return None
    m = FILE_LINE.search(text)
    if m:
        return int(m.group(1))
    inner = re.search(r'(#loc\d*)', text)
    return resolve(inner.group(1), defs, depth + 1) if inner else None


RUN_OPTIONS = re.compile(
    r"""one-shot-bufferize(?:=(?:"([^"]*)"|'([^']*)'|(\S+))|\{([^}]*)\})?""")
VIEW_OPTIONS = {'test-analysis-only', 'print-conflicts', 'dump-alias-sets'}
DEFAULT_OPTIONS = 'bufferize-function-boundaries'


def run_line_options(mlir_opt, text):
    """The options of the first `// RUN:` line that runs one-shot-bufferize,
    without those the analysis-only view sets; the default when there is
    none or mlir-opt refuses them (as BufferLens does)."""
    for line in text.splitlines():
        body = line.strip()
        if not body.startswith('//') or 'RUN:' not in body:
            continue
        m = RUN_OPTIONS.search(body)
        if not m:
            continue
        given = next((g for g in m.groups() if g is not None), '')
        options = ' '.join(o for o in given.split()
                           if o.split('=')[0] not in VIEW_OPTIONS)
        check = subprocess.run(
            [mlir_opt, '-', f'--one-shot-bufferize={options}'],
            input='', capture_output=True, text=True)
        return options if check.returncode == 0 else DEFAULT_OPTIONS
    return DEFAULT_OPTIONS


def upstream_lines(mlir_opt, path, options):
    p = subprocess.run([mlir_opt, path, '--allow-unregistered-dialect',
                        f'--one-shot-bufferize={options}',
                        '--mlir-print-debuginfo'],
                       capture_output=True, text=True)
    if p.returncode != 0:
        return None, None, p.stderr
    lines = p.stdout.splitlines()
    defs = {}
    for line in lines:
        m = LOC_DEF.match(line.strip())
        if m:
            defs[m.group(1)] = m.group(2)
    allocs, copies = [], []
    alloc_names = set()
    for line in lines:
        s = line.strip()
        if s.startswith('func.func'):
            alloc_names = set()
        loc = LOC_USE.search(s)
        where = resolve(loc.group(1), defs) if loc else None
        m = re.match(r'^(%[\w.$-]+) = memref\.alloc\b', s)
        if m:
            alloc_names.add(m.group(1))
            allocs.append(where)
            continue
        m = re.match(r'^memref\.copy (%[\w.$#-]+), (%[\w.$-]+) ', s)
        if m and m.group(2) in alloc_names:
            copies.append(where)
    return collections.Counter(allocs), collections.Counter(copies), None


def bufferlens_lines(bufferlens, path, config):
    p = subprocess.run([bufferlens, 'lint', '--format', 'json',
                        '--config', config,
                        '--enable', 'BL501', '--enable', 'BL502', path],
                       capture_output=True, text=True)
    report = json.loads(p.stdout)
    allocs, copies, failures = (collections.Counter(),
                                collections.Counter(), [])
    for f in report['findings']:
        # The clones deallocation adds at a return are not One-Shot
        # Bufferize's allocations.
        if f['message'].startswith('ownership-based deallocation clones'):
            continue
        m = COUNT.match(f['message'])
        n = int(m.group(1)) if m else 1
        if f['code'] == 'BL502':
            allocs[f['line']] += n
        elif f['code'] == 'BL501':
            copies[f['line']] += n
        elif f['code'] == 'BL503':
            failures.append(f['line'])
    return allocs, copies, failures


def chunks(path, split):
    with open(path, encoding='utf-8') as f:
        text = f.read()
    if not split:
        yield 1, text
        return
    first = 1
    for part in re.split(r'^// -----.*$', text, flags=re.M):
        # Keep the chunk's line numbers: pad it with the lines before it.
        yield first, '\n' * (first - 1) + part
        first += part.count('\n')


def main(argv):
    if len(argv) < 4:
        sys.stderr.write(__doc__)
        return 2
    mlir_opt, bufferlens, path = argv[1:4]
    split = '--split-input-file' in argv[4:]
    failed = False
    with open(path, encoding='utf-8') as f:
        options = run_line_options(mlir_opt, f.read())
    with tempfile.TemporaryDirectory() as work:
        # Every chunk is analysed with the file's options, also those that
        # do not hold its RUN line.
        config = os.path.join(work, 'bufferlens.json')
        with open(config, 'w', encoding='utf-8') as f:
            json.dump({'oneShotBufferize': options}, f)
        for first, text in chunks(path, split):
            chunk = os.path.join(work, 'chunk.mlir')
            with open(chunk, 'w', encoding='utf-8') as f:
                f.write(text)
            up_allocs, up_copies, error = upstream_lines(mlir_opt, chunk,
                                                         options)
            bl_allocs, bl_copies, bl_failures = bufferlens_lines(
                bufferlens, chunk, config)
            name = f'{os.path.basename(path)}:{first}'
            if error is not None:
                # Upstream stops at its first error; BufferLens reports it
                # (and those of other functions, which it analyses apart).
                up_failures = sorted({int(m) for m in re.findall(
                    r':(\d+):\d+: error:', error)})
                ok = bool(up_failures) and set(up_failures) <= set(bl_failures)
                print(f'{name}: upstream fails on lines {up_failures}, '
                      f'BufferLens BL503 on lines {sorted(bl_failures)}: '
                      f'{"OK" if ok else "DIFFERENT"}')
                failed |= not ok
                continue
            ok = (up_allocs == bl_allocs and up_copies == bl_copies
                  and not bl_failures)
            print(f'{name}: allocations upstream {sum(up_allocs.values())} '
                  f'BufferLens {sum(bl_allocs.values())}, copies upstream '
                  f'{sum(up_copies.values())} BufferLens '
                  f'{sum(bl_copies.values())}: {"OK" if ok else "DIFFERENT"}')
            if not ok:
                failed = True
                print(f'  upstream allocs {sorted(up_allocs.elements())} '
                      f'copies {sorted(up_copies.elements())}')
                print(f'  bufferlens allocs {sorted(bl_allocs.elements())} '
                      f'copies {sorted(bl_copies.elements())} '
                      f'BL503 {bl_failures}')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
