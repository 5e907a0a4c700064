#!/usr/bin/env python3
"""Runs every public function of a bufferized module and prints what it
computes, so that two versions of the module (as written, and after
`bufferlens lint --fix`) can be compared by their values.

usage: run-values.py [--keep] [--no-valgrind] MODULE.mlir
       run-values.py --compare BUFFERLENS MODULE.mlir...
       run-values.py --compare BUFFERLENS --against OTHER.mlir MODULE.mlir

The first form prints, per function and per combination of its `i1`
arguments, a header line `== @name arg0=1` and the function's results:
a memref through the MLIR runner utilities' `printMemrefF32` (its base
address removed), an f32 through `printF32`, an integer through `printI64`.
The inputs are deterministic: each memref argument is a new buffer whose
element i (row-major) holds ((7 i + 3 k) mod 17) / 4 - 1 for the k-th
argument, every dynamic size is 8, an index or integer argument is 2 and
an f32 argument 0.5. Functions are called in the module's order from one
driver, which is lowered with upstream's passes, linked with
`libmlir_runner_utils` and run under valgrind's memcheck (no leak check: a
bufferized module frees nothing yet), whose errors (an uninitialised read,
an invalid access) fail the run.

The second form copies each MODULE, applies `BUFFERLENS lint --fix` to the
copy, runs both and compares their outputs function by function: exit 0
when every function computes the same values, 1 when one differs (both
outputs printed), 2 on a harness failure, 77 when a tool is missing.
With --against, OTHER is compared with MODULE instead (the harness's own
test: a wrong rewrite must be told apart).

Supported signatures: memref (identity layout, f32 elements), index, i1,
i32, i64 and f32 arguments; memref<...xf32>, f32, i32, i64 and index
results. A function with any other is skipped and said so.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

BIN = os.environ.get('BL_LLVM_BIN', '/usr/lib/llvm-22/bin')
LIB = os.environ.get('BL_LLVM_LIB', os.path.join(os.path.dirname(BIN), 'lib'))
SKIP = 77
DYNAMIC_SIZE = 8
INDEX_VALUE = 2
F32_VALUE = '5.000000e-01'

FUNC_START = re.compile(r'^\s*func\.func\s+(?:public\s+)?@([\w$.-]+)\(')
MEMREF = re.compile(r'^memref<((?:[0-9?]+x)*)f32>$')

LOWERING = [
    '--scf-forall-to-for', '--convert-linalg-to-loops',
    '--expand-strided-metadata', '--lower-affine', '--convert-scf-to-cf',
    '--finalize-memref-to-llvm', '--convert-math-to-llvm',
    '--convert-arith-to-llvm', '--convert-index-to-llvm',
    '--convert-cf-to-llvm', '--convert-func-to-llvm',
    '--reconcile-unrealized-casts']


def split_types(text):
    """Top-level comma-separated types (commas inside <> and () kept)."""
    parts, depth, current = [], 0, ''
    for ch in text:
        if ch in '<([{':
            depth += 1
        elif ch in '>)]}':
            depth -= 1
        if ch == ',' and depth == 0:
            parts.append(current.strip())
            current = ''
        else:
            current += ch
    if current.strip():
        parts.append(current.strip())
    return parts


def arg_types(text):
    return [re.sub(r'^%[\w$.-]+\s*:\s*', '', a).split(' {')[0].strip()
            for a in split_types(text)]


def result_types(text):
    if not text:
        return []
    text = text.strip()
    if text.startswith('('):
        text = text[1:-1]
    return split_types(text)


def functions(module_text):
    """(name, argument types, result types) of each public function with a
    body, in the module's order."""
    found = []
    for line in module_text.splitlines():
        m = FUNC_START.match(line)
        if not m or not line.rstrip().endswith('{'):
            continue
        # The argument list ends at its matching parenthesis.
        start = m.end()
        depth = 1
        for end in range(start, len(line)):
            depth += {'(': 1, ')': -1}.get(line[end], 0)
            if depth == 0:
                break
        rest = line[end + 1:].rstrip()[:-1].strip()
        rest = re.sub(r'\battributes\s*\{.*\}$', '', rest).strip()
        results = rest[2:].strip() if rest.startswith('->') else ''
        found.append((m.group(1), arg_types(line[start:end]),
                      result_types(results)))
    return found


def supported(types, results):
    ok_arg = all(MEMREF.match(t) or t in ('index', 'i1', 'i32', 'i64', 'f32')
                 for t in types)
    ok_res = all(MEMREF.match(t) or t in ('index', 'i32', 'i64', 'f32')
                 for t in results)
    return ok_arg and ok_res


class Driver:
    """The text of @bl_values_main, built call by call."""

    def __init__(self):
        self.lines = []
        self.counter = 0

    def fresh(self):
        self.counter += 1
        return f'%v{self.counter}'

    def emit(self, line):
        self.lines.append('    ' + line)

    def constant(self, value, type_):
        name = self.fresh()
        self.emit(f'{name} = arith.constant {value} : {type_}')
        return name

    def memref_input(self, type_, k):
        """A new buffer of TYPE filled with the deterministic values."""
        dims = MEMREF.match(type_).group(1).split('x')[:-1]
        sizes = []
        dynamic = []
        for d in dims:
            if d == '?':
                dynamic.append(self.constant(DYNAMIC_SIZE, 'index'))
                sizes.append(DYNAMIC_SIZE)
            else:
                sizes.append(int(d))
        buf = self.fresh()
        self.emit(f'{buf} = memref.alloc({", ".join(dynamic)}) : {type_}')
        total = 1
        for s in sizes:
            total *= s
        flat = buf
        if len(dims) != 1:
            flat = self.fresh()
            group = ', '.join(str(i) for i in range(len(dims)))
            shape = '?' if '?' in dims else str(total)
            self.emit(f'{flat} = memref.collapse_shape {buf} [[{group}]] : '
                      f'{type_} into memref<{shape}xf32>')
            flat_type = f'memref<{shape}xf32>'
        else:
            flat_type = type_
        c0 = self.constant(0, 'index')
        c1 = self.constant(1, 'index')
        n = self.constant(total, 'index')
        i = self.fresh()
        self.emit(f'scf.for {i} = {c0} to {n} step {c1} {{')
        ii = self.fresh()
        self.emit(f'  {ii} = arith.index_cast {i} : index to i64')
        seven = self.constant(7, 'i64')
        shift = self.constant(3 * k, 'i64')
        seventeen = self.constant(17, 'i64')
        a, b, c = self.fresh(), self.fresh(), self.fresh()
        self.emit(f'  {a} = arith.muli {ii}, {seven} : i64')
        self.emit(f'  {b} = arith.addi {a}, {shift} : i64')
        self.emit(f'  {c} = arith.remui {b}, {seventeen} : i64')
        f, g, h = self.fresh(), self.fresh(), self.fresh()
        quarter = self.constant('2.500000e-01', 'f32')
        one = self.constant('1.000000e+00', 'f32')
        self.emit(f'  {f} = arith.uitofp {c} : i64 to f32')
        self.emit(f'  {g} = arith.mulf {f}, {quarter} : f32')
        self.emit(f'  {h} = arith.subf {g}, {one} : f32')
        self.emit(f'  memref.store {h}, {flat}[{i}] : {flat_type}')
        self.emit('}')
        return buf

    def call(self, name, types, results, bits):
        args = []
        bit_index = 0
        for k, t in enumerate(types):
            if MEMREF.match(t):
                args.append(self.memref_input(t, k))
            elif t == 'i1':
                args.append(self.constant(bits[bit_index], 'i1'))
                bit_index += 1
            elif t == 'f32':
                args.append(self.constant(F32_VALUE, 'f32'))
            else:
                args.append(self.constant(INDEX_VALUE, t))
        outs = [self.fresh() for _ in results]
        lhs = (', '.join(outs) + ' = ') if outs else ''
        self.emit(f'{lhs}func.call @{name}({", ".join(args)}) : '
                  f'({", ".join(types)}) -> ({", ".join(results)})')
        for out, t in zip(outs, results):
            if MEMREF.match(t):
                cast = self.fresh()
                self.emit(f'{cast} = memref.cast {out} : {t} to memref<*xf32>')
                self.emit(f'func.call @printMemrefF32({cast}) : '
                          f'(memref<*xf32>) -> ()')
            elif t == 'f32':
                self.emit(f'func.call @printF32({out}) : (f32) -> ()')
                self.emit('func.call @printNewline() : () -> ()')
            else:
                wide = out
                if t == 'index':
                    wide = self.fresh()
                    self.emit(f'{wide} = arith.index_cast {out} : index to i64')
                elif t == 'i32':
                    wide = self.fresh()
                    self.emit(f'{wide} = arith.extsi {out} : i32 to i64')
                self.emit(f'func.call @printI64({wide}) : (i64) -> ()')
                self.emit('func.call @printNewline() : () -> ()')


def driver_module(module_text):
    """MODULE_TEXT with a `@bl_values_main` that calls each function, and
    the header of each call (printed by the harness, not the driver)."""
    driver = Driver()
    headers = []
    skipped = []
    for name, types, results in functions(module_text):
        if not supported(types, results):
            skipped.append(name)
            continue
        n_bits = types.count('i1')
        for combo in range(1 << n_bits):
            bits = [(combo >> (n_bits - 1 - b)) & 1 for b in range(n_bits)]
            header = f'== @{name}' + ''.join(
                f' i1#{b}={v}' for b, v in enumerate(bits))
            headers.append(header)
            # A marker line the output is split at.
            marker = driver.constant(-(len(headers)), 'i64')
            driver.emit(f'func.call @printI64({marker}) : (i64) -> ()')
            driver.emit('func.call @printNewline() : () -> ()')
            driver.call(name, types, results, bits)
    body = '\n'.join(driver.lines)
    decls = '''
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printF32(f32)
  func.func private @printI64(i64)
  func.func private @printNewline()
  func.func @bl_values_main() {
''' + body + '''
    return
  }
'''
    end = module_text.rstrip().rfind('}')
    if not re.search(r'^module\b', module_text, re.M) or end < 0:
        raise SystemExit('harness: expected a module { ... }')
    return module_text[:end] + decls + '}\n', headers, skipped


def run(module_path, keep=False, valgrind=True):
    """The module's values as text, or raises SystemExit(2) with why."""
    with open(module_path, encoding='utf-8') as f:
        text, headers, skipped = driver_module(f.read())
    work = tempfile.mkdtemp(prefix='bl-values-')
    try:
        src = os.path.join(work, 'driver.mlir')
        with open(src, 'w', encoding='utf-8') as f:
            f.write(text)
        low = os.path.join(work, 'low.mlir')
        ll = os.path.join(work, 'driver.ll')
        obj = os.path.join(work, 'driver.o')
        main_c = os.path.join(work, 'main.c')
        exe = os.path.join(work, 'driver')
        with open(main_c, 'w', encoding='utf-8') as f:
            f.write('void bl_values_main(void);\n'
                    'int main(void) { bl_values_main(); return 0; }\n')
        steps = [
            [f'{BIN}/mlir-opt', src, *LOWERING, '-o', low],
            [f'{BIN}/mlir-translate', '--mlir-to-llvmir', low, '-o', ll],
            [f'{BIN}/llc', '-O0', '-filetype=obj', '-relocation-model=pic',
             ll, '-o', obj],
            [os.environ.get('CC', 'cc'), main_c, obj, f'-L{LIB}',
             f'-Wl,-rpath,{LIB}', '-lmlir_runner_utils',
             '-lmlir_c_runner_utils', '-lm', '-o', exe],
        ]
        for step in steps:
            p = subprocess.run(step, capture_output=True, text=True)
            if p.returncode != 0:
                raise SystemExit(f'harness: {os.path.basename(step[0])} '
                                 f'failed on {module_path}:\n'
                                 + p.stderr[:3000])
        command = [exe]
        if valgrind:
            command = ['valgrind', '-q', '--error-exitcode=9',
                       '--leak-check=no', exe]
        p = subprocess.run(command, capture_output=True, text=True)
        if p.returncode != 0:
            raise SystemExit(f'harness: {module_path}: the run failed '
                             f'(exit {p.returncode}):\n{p.stderr[:3000]}')
        return label(p.stdout, headers), skipped
    finally:
        if keep:
            print(f'# kept {work}', file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)


def label(output, headers):
    """The driver's output with each marker replaced by its header and the
    buffers' addresses removed."""
    lines = []
    for line in output.splitlines():
        m = re.fullmatch(r'-(\d+)', line.strip())
        if m and 0 < int(m.group(1)) <= len(headers):
            lines.append(headers[int(m.group(1)) - 1])
            continue
        lines.append(re.sub(r'base@ = 0x[0-9a-f]+ ', '', line))
    return '\n'.join(lines) + '\n'


def by_function(text):
    parts, current = {}, None
    for line in text.splitlines():
        if line.startswith('== @'):
            current = line
            parts[current] = []
        elif current is not None:
            parts[current].append(line)
    return parts


def compare(bufferlens, modules, against=None):
    failed = False
    for module in modules:
        with tempfile.TemporaryDirectory(prefix='bl-values-fix-') as work:
            fixed = os.path.join(work, os.path.basename(module))
            fixes = None
            if against:
                fixed = against
            else:
                shutil.copyfile(module, fixed)
                p = subprocess.run([bufferlens, 'lint', '--fix', fixed],
                                   capture_output=True, text=True)
                if p.returncode == 2:
                    raise SystemExit('harness: lint --fix failed on '
                                     f'{module}:\n{p.stderr}')
                fixes = re.search(r'(\d+) fix(?:es)? applied', p.stderr)
            before, skipped = run(module)
            after, _ = run(fixed)
        old, new = by_function(before), by_function(after)
        differ = [h for h in old if old[h] != new.get(h)]
        name = os.path.basename(module)
        how = (f'against {os.path.basename(against)}' if against else
               f'{fixes.group(1) if fixes else 0} fixes applied')
        print(f'{name}: {how}, '
              f'{len(old)} calls compared'
              + (f', skipped {", ".join(skipped)}' if skipped else '')
              + (f': {len(differ)} differ' if differ else ': same values'))
        for h in differ:
            failed = True
            print(f'  {h} differs\n  before: {old[h][:6]}\n'
                  f'  after:  {new.get(h, ["(missing)"])[:6]}')
    return 1 if failed else 0


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split('\n')[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--compare', metavar='BUFFERLENS')
    parser.add_argument('--against', metavar='OTHER',
                        help='with --compare, compare with OTHER instead '
                             'of the fixed copy (the harness\'s own test)')
    parser.add_argument('--expect-different', action='store_true',
                        help='with --against: exit 0 only when the values '
                             'differ')
    parser.add_argument('--keep', action='store_true')
    parser.add_argument('--no-valgrind', action='store_true')
    parser.add_argument('modules', nargs='+')
    args = parser.parse_args()
    tools = [f'{BIN}/mlir-opt', f'{BIN}/mlir-translate', f'{BIN}/llc',
             os.path.join(LIB, 'libmlir_runner_utils.so')]
    missing = [t for t in tools if not os.path.exists(t)]
    if not args.no_valgrind and not shutil.which('valgrind'):
        missing.append('valgrind')
    if missing:
        print(f'SKIPPED: missing {", ".join(missing)}')
        return SKIP
    try:
        if args.compare:
            status = compare(args.compare, args.modules, args.against)
            if args.expect_different:
                print('the values differ, as expected' if status == 1 else
                      'FAILED: the harness did not tell the values apart')
                return 0 if status == 1 else 1
            return status
        for module in args.modules:
            values, skipped = run(module, args.keep, not args.no_valgrind)
            sys.stdout.write(values)
            for name in skipped:
                print(f'# skipped @{name}: unsupported signature',
                      file=sys.stderr)
        return 0
    except SystemExit as e:
        if isinstance(e.code, str):
            print(e.code, file=sys.stderr)
            return 2
        raise


if __name__ == '__main__':
    sys.exit(main())
