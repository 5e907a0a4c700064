#!/usr/bin/env python3
"""The tensor view's counts beside upstream's, per corpus file.

usage: tensor_truth.py --mlir-opt MLIR_OPT --bufferlens BUFFERLENS
                       [--table] [--check EXPLAINED] FILE...

A file whose name is under `one-shot/` is split at `// -----` as its lit
test splits it; each chunk is analysed alone (its lines kept) with the
One-Shot Bufferize options of the file's first RUN line, as BufferLens
reads them (test/lit/Inputs/compare_bufferized.py, whose helpers this
uses). Per chunk, from upstream `mlir-opt`:

- out of place: the ops with an `__inplace_operands_attr__` entry equal to
  "false" in `--one-shot-bufferize="OPTIONS test-analysis-only
  print-conflicts" --mlir-print-debuginfo`, by source line;
- allocations and copies: the `memref.alloc`s of `--one-shot-bufferize`,
  and the `memref.copy`s into one of them (an out-of-place operand's copy);
- frees: `--one-shot-bufferize` and `--ownership-based-buffer-deallocation`
  (the first pass of `buffer-deallocation-pipeline`) in one run: for each
  `memref.alloc`, each `bufferization.dealloc` that may free it, as the
  pair (allocation's line, dealloc's line). A dealloc may free it when it
  lists a value the buffer flows into, under a condition that is not the
  constant false, and does not retain that value (through casts and
  views). The buffer flows through views, `extract_strided_metadata`'s
  base buffer, `scf.for`, `scf.if`, `scf.execute_region` and `scf.while`
  arguments and results, and branch arguments, as BufferViewFlowAnalysis
  follows it (names resolved per region: the printer reuses them).
  At a return that hands the buffer to the caller only an unconditional
  entry counts (an entry under an ownership indicator is the instance
  returned, not freed);
- failures: a chunk `--one-shot-bufferize` rejects.

From `BUFFERLENS lint --format json` on the same chunk: the ops with a
BL501 that says the op bufferizes out of place, or a BL502 that says an
operand is out of place and not copied (out of place); BL502's
allocations and BL501's copies (a finding that says "N copies" counts
N); BL502's related notes "freed here", as pairs (the finding's line,
the note's line) (frees); BL503 (failures).

--table prints a Markdown table, one row per file.
--check EXPLAINED compares the out-of-place ops line by line, the frees
pair by pair, and the allocations, copies and failures by their counts,
and exits 1 on a chunk where they differ unless EXPLAINED lists it
(`FILE:LINE reason` lines, LINE the chunk's first line, `FILE:LINE:frees`
for the frees, `FILE:LINE:allocations`, `:copies`, `:failures` for the
counts; `#` comments).
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'test', 'lit', 'Inputs'))
import compare_bufferized as cb  # noqa: E402

INPLACE = re.compile(r'__inplace_operands_attr__ = \[([^\]]*)\]')
DEALLOC = re.compile(
    r'bufferization\.dealloc \(([^:]*) :[^)]*\) if \(([^)]*)\)'
    r'(?: retain \(([^:]*) :[^)]*\))?')
METADATA = re.compile(r'^(%[\w.$-]+),.*= memref\.extract_strided_metadata '
                      r'(%[\w.$#-]+) ')
CONST_FALSE = re.compile(r'^(%[\w.$-]+) = arith\.constant false\b')
CONST_TRUE = re.compile(r'^(%[\w.$-]+) = arith\.constant true\b')
DEFINITION = re.compile(r'^(%[\w.$-]+(?::\d+)?(?:, %[\w.$-]+)*) = '
                        r'([\w.]+)(?: (%[\w.$#-]+))?')
VIEWS = {'memref.cast', 'memref.subview', 'memref.expand_shape',
         'memref.collapse_shape', 'memref.reinterpret_cast'}
NOT_COPIED = 'old contents are not read, so nothing is copied'
# A grouped BL502 ("2 allocations: ...") names each one's type first.
FREED = re.compile(r'^(?:.*?: )?freed here\b')


def located_lines(text):
    """Each line of mlir-opt's output with the source line of its loc."""
    defs = {}
    for line in text.splitlines():
        m = cb.LOC_DEF.match(line.strip())
        if m:
            defs[m.group(1)] = m.group(2)
    for line in text.splitlines():
        s = line.strip()
        loc = cb.LOC_USE.search(s)
        yield s, (cb.resolve(loc.group(1), defs) if loc else None)


def upstream_out_of_place(mlir_opt, path, options):
    """Source lines of the ops upstream's analysis puts out of place."""
    p = subprocess.run(
        [mlir_opt, path, '--allow-unregistered-dialect',
         f'--one-shot-bufferize={options} test-analysis-only print-conflicts',
         '--mlir-print-debuginfo'], capture_output=True, text=True)
    if p.returncode != 0:
        return None
    located = list(located_lines(p.stdout))
    lines = collections.Counter()
    for i, (s, where) in enumerate(located):
        m = INPLACE.search(s)
        if not m or '"false"' not in m.group(1):
            continue
        # An op with regions prints its location after its closing brace.
        depth = 0
        for s2, where2 in located[i:]:
            depth += s2.count('{') - s2.count('}')
            if depth <= 0 and where2 is not None:
                where = where2
                break
        lines[where] += 1
    return lines


def expand_results(names):
    """`%0:2` as `%0#0, %0#1`; `%a, %b` as they are."""
    m = re.fullmatch(r'(%[\w.$-]+):(\d+)', names)
    if m:
        return [f'{m.group(1)}#{i}' for i in range(int(m.group(2)))]
    return [n.strip() for n in names.split(',')]


SCF_FOR = re.compile(r'^(?:(%[\w.$-]+(?::\d+)?) = )?scf\.for .*?'
                     r'(?:iter_args\(([^)]*)\).*)?\{$')
SCF_IF = re.compile(r'^(?:(%[\w.$-]+(?::\d+)?) = )?'
                    r'scf\.(?:if|execute_region|index_switch)\b.*\{$')
SCF_WHILE = re.compile(r'^(?:(%[\w.$-]+(?::\d+)?) = )?scf\.while '
                       r'\(([^)]*)\).*\{$')
BLOCK_LABEL = re.compile(r'^(\^[\w.$-]+)(?:\((.*)\))?:')
BRANCH = re.compile(r'(\^[\w.$-]+)(?:\(([^:)]*) :[^)]*\))?')
NAMES = re.compile(r'%[\w.$-]+(?:#\d+)?')


def operands(text):
    """The SSA names of an operand list, its types (after ` : `) left out."""
    return NAMES.findall(text.split(' : ')[0])


def results_of(names):
    return expand_results(names) if names else []


class FunctionFlow:
    """One function of upstream's deallocated output, read line by line:
    which values each value's buffer flows into (views, loop, `scf.if` and
    `scf.execute_region` results and arguments, branch arguments: what
    BufferViewFlowAnalysis follows), its allocations, deallocs and
    returns. The printer reuses a name in sibling regions, so each name
    is resolved in the scope of the region it is used in."""

    def __init__(self):
        self.edges = collections.defaultdict(set)
        self.view_of = {}  # a view or base buffer -> its source
        self.allocs = []  # (value, source line)
        self.deallocs = []  # ([(freed value, unconditional)], source line)
        self.returns = []  # (returned values, source line)
        self.false_values = set()
        self.true_values = set()
        self.scopes = [{}]  # name -> value, innermost last
        self.values = 0
        # Open regions: [kind, results, arguments, region, condition's
        # operands (scf.while)].
        self.stack = []
        self.labels = {}  # block label -> its arguments
        self.branches = []  # (label, operand values)
        self.pending_after = None  # the scf.while whose `do` region opens

    def define(self, name):
        self.values += 1
        self.scopes[-1][name] = self.values
        return self.values

    def use(self, name):
        for scope in reversed(self.scopes):
            if name in scope:
                return scope[name]
        # Defined later in the text (a block a branch reaches).
        self.values += 1
        self.scopes[0][name] = self.values
        return self.values

    def flow(self, source, target):
        self.edges[source].add(target)

    def root(self, value):
        seen = set()
        while value in self.view_of and value not in seen:
            seen.add(value)
            value = self.view_of[value]
        return value

    def push(self, kind, results, args, region):
        self.stack.append([kind, results, args, region, []])
        self.scopes.append({})

    def line(self, s, where):
        if self.pending_after is not None:
            m = BLOCK_LABEL.match(s)
            if m:
                args = [self.define(n) for n in NAMES.findall(m.group(2) or '')]
                for passed in self.pending_after[4]:
                    for value, arg in zip(passed, args):
                        self.flow(value, arg)
                self.pending_after = None
                return
        m = BLOCK_LABEL.match(s)
        if m:
            self.labels[m.group(1)] = [self.define(n) for n in
                                       NAMES.findall(m.group(2) or '')]
            return
        if s.startswith('}'):
            if len(self.scopes) > 1:
                self.scopes.pop()
            if s.startswith('} do {') and self.stack:
                self.scopes.append({})
                top = self.stack[-1]
                top[3] = 'after'
                self.pending_after = top
            elif s.startswith('} else {') or s.startswith('} {'):
                self.scopes.append({})
            elif self.stack:
                self.stack.pop()
            return
        m = SCF_FOR.match(s)
        if m:
            pairs = [p.split(' = ') for p in (m.group(2) or '').split(', ')
                     if ' = ' in p]
            inits = [self.use(init.strip()) for _, init in pairs]
            results = [self.define(n) for n in results_of(m.group(1))]
            self.push('for', results, [], 'body')
            args = [self.define(arg.strip()) for arg, _ in pairs]
            self.stack[-1][2] = args
            for i, init in enumerate(inits):
                self.flow(init, args[i])
                if i < len(results):
                    self.flow(init, results[i])
            return
        m = SCF_WHILE.match(s)
        if m:
            pairs = [p.split(' = ') for p in m.group(2).split(', ')
                     if ' = ' in p]
            inits = [self.use(init.strip()) for _, init in pairs]
            results = [self.define(n) for n in results_of(m.group(1))]
            self.push('while', results, [], 'before')
            args = [self.define(arg.strip()) for arg, _ in pairs]
            self.stack[-1][2] = args
            for init, arg in zip(inits, args):
                self.flow(init, arg)
            return
        m = SCF_IF.match(s)
        if m:
            results = [self.define(n) for n in results_of(m.group(1))]
            self.push('if', results, [], 'then')
            return
        if s.startswith('scf.yield') and self.stack:
            kind, results, args, region, _ = self.stack[-1]
            yielded = [self.use(n) for n in operands(s[len('scf.yield'):])]
            targets = [results] if kind in ('for', 'if') else []
            if kind == 'for' or (kind == 'while' and region == 'after'):
                targets.append(args)
            for i, value in enumerate(yielded):
                for t in targets:
                    if i < len(t):
                        self.flow(value, t[i])
            return
        if s.startswith('scf.condition') and self.stack:
            top = self.stack[-1]
            passed = [self.use(n) for n in operands(s[s.index(')') + 1:])]
            for value, result in zip(passed, top[1]):
                self.flow(value, result)
            top[4].append(passed)  # to the `do` region's arguments
            return
        if s.startswith('cf.br') or s.startswith('cf.cond_br'):
            for label, names in BRANCH.findall(s.split(' ', 1)[1]):
                self.branches.append(
                    (label, [self.use(n) for n in NAMES.findall(names or '')]))
            return
        m = CONST_FALSE.match(s)
        if m:
            self.false_values.add(self.define(m.group(1)))
        m = CONST_TRUE.match(s)
        if m:
            self.true_values.add(self.define(m.group(1)))
        if s.startswith('return') or s.startswith('func.return'):
            self.returns.append(([self.use(n) for n in operands(
                s.split(' ', 1)[1] if ' ' in s else '')], where))
        m = METADATA.match(s)
        if m:
            source = self.use(m.group(2))
            base = self.define(m.group(1))
            self.view_of[base] = source
            self.flow(source, base)
        m = DEFINITION.match(s)
        if m and m.group(2) in VIEWS and m.group(3):
            source = self.use(m.group(3))
            for name in expand_results(m.group(1)):
                view = self.define(name)
                self.view_of[view] = source
                self.flow(source, view)
        m = re.match(r'^(%[\w.$-]+) = memref\.alloc\b', s)
        if m:
            self.allocs.append((self.define(m.group(1)), where))
        m = DEALLOC.search(s)
        if m:
            memrefs = [self.use(x.strip()) for x in m.group(1).split(',')]
            conditions = [self.use(x.strip()) for x in m.group(2).split(',')]
            retained = {self.root(self.use(x.strip()))
                        for x in (m.group(3) or '').split(',') if x.strip()}
            freed = [(memref, condition in self.true_values)
                     for memref, condition in zip(memrefs, conditions)
                     if condition not in self.false_values
                     and self.root(memref) not in retained]
            self.deallocs.append((freed, where))
        if s.endswith('{'):
            self.push('other', [], [], 'body')

    def pairs(self):
        """(allocation line, dealloc line) for each allocation and each
        dealloc that may free it: one that lists a value its buffer flows
        into, not retained, under a condition that is not false. At a
        return that hands the buffer to the caller, only an unconditional
        entry frees it (when it is not the buffer returned, decided at run
        time): an entry under an ownership indicator is the instance
        returned, which the dealloc does not free."""
        for label, passed in self.branches:
            for value, arg in zip(passed, self.labels.get(label, [])):
                self.flow(value, arg)
        out = set()
        for k, (alloc, alloc_line) in enumerate(self.allocs):
            reach, todo = {alloc}, [alloc]
            while todo:
                for nxt in self.edges[todo.pop()]:
                    if nxt not in reach:
                        reach.add(nxt)
                        todo.append(nxt)
            returned_at = {line for values, line in self.returns
                           if any(v in reach for v in values)}
            for freed, line in self.deallocs:
                entries = [always for value, always in freed if value in reach]
                if line in returned_at:
                    entries = [always for always in entries if always]
                if entries:
                    out.add((k, alloc_line, line))
        return collections.Counter((a, d) for _, a, d in out)


def upstream_frees(mlir_opt, path, options):
    """(allocation line, free line) pairs of ownership-based deallocation
    on One-Shot Bufferize's output, or None when the pass fails on it."""
    # One run: printing the bufferized IR and parsing it again would give
    # the terminators its printer elides (`scf.forall.in_parallel`) the
    # position of the intermediate text, and the deallocs placed there
    # with them.
    p = subprocess.run(
        [mlir_opt, path, '--allow-unregistered-dialect',
         f'--one-shot-bufferize={options}',
         '--ownership-based-buffer-deallocation', '--mlir-print-debuginfo'],
        capture_output=True, text=True)
    if p.returncode != 0:
        return None
    pairs = collections.Counter()
    flow = None
    for s, where in located_lines(p.stdout):
        if s.startswith('func.func'):
            if flow:
                pairs.update(flow.pairs())
            flow = FunctionFlow()
            continue
        if flow:
            flow.line(s, where)
    if flow:
        pairs.update(flow.pairs())
    if os.environ.get('BL_TRUTH_VERBOSE'):
        for (a, d), n in sorted(pairs.items()):
            print(f'  {path}: allocation at line {a} freed at line {d}'
                  f'{f" ({n})" if n > 1 else ""}', file=sys.stderr)
    return pairs


def bufferlens_counts(bufferlens, path, config):
    p = subprocess.run([bufferlens, 'lint', '--format', 'json',
                        '--config', config, '--enable', 'BL501',
                        '--enable', 'BL502', path],
                       capture_output=True, text=True)
    report = json.loads(p.stdout)
    out_of_place = collections.Counter()
    counts = collections.Counter()
    free_pairs = collections.Counter()
    for f in report['findings']:
        if f['message'].startswith('ownership-based deallocation clones'):
            continue
        m = cb.COUNT.match(f['message'])
        n = int(m.group(1)) if m else 1
        if f['code'] == 'BL501':
            if 'bufferizes out of place' in f['message']:
                out_of_place[f['line']] += 1
            counts['copies'] += n
        elif f['code'] == 'BL502':
            counts['allocations'] += n
            if NOT_COPIED in f['message']:
                out_of_place[f['line']] += 1
            for r in f['related']:
                if FREED.match(r['message']):
                    free_pairs[(f['line'], r['line'])] += 1
        elif f['code'] == 'BL503':
            counts['failures'] += 1
    counts['frees'] = sum(free_pairs.values())
    return out_of_place, counts, free_pairs


ERROR_LINE = re.compile(r':(\d+):\d+: error:')
FUNC_HEADER = re.compile(r'^(\s*)func\.func\s+(?:(?:private|public|nested)\s+)?'
                         r'(@[\w.$-]+)\((.*)\)(.*?)\{\s*$')
ARG_NAME = re.compile(r'%[\w.$-]+\s*:\s*')
# Upstream refuses `bufferization.writable` on an external function.
WRITABLE_ATTR = re.compile(r'\s*\{\s*bufferization\.writable\s*=\s*(?:true|false)\s*\}'
                           r'|bufferization\.writable\s*=\s*(?:true|false)\s*,\s*'
                           r'|,\s*bufferization\.writable\s*=\s*(?:true|false)')


def declare_function_at(text, line):
    """TEXT with the function around LINE (1-based) made a private
    declaration, its other lines blank so that line numbers stay: upstream
    then bufferizes the other functions as BufferLens analyses them (a
    function the pass fails on is an external one to the others). None
    when LINE is in no function whose header this recognises."""
    lines = text.split('\n')
    for start in range(min(line, len(lines)) - 1, -1, -1):
        header = lines[start]
        end_of_header = start
        while (not header.rstrip().endswith('{')
               and end_of_header + 1 < len(lines)
               and 'func.func' in lines[start]):
            end_of_header += 1
            header += ' ' + lines[end_of_header].strip()
        m = FUNC_HEADER.match(header)
        if not m:
            continue
        indent = m.group(1)
        close = next((i for i in range(end_of_header + 1, len(lines))
                      if lines[i].rstrip() == indent + '}'), None)
        if close is None or close + 1 < line:
            return None
        results = m.group(4).strip()
        arguments = WRITABLE_ATTR.sub('', ARG_NAME.sub('', m.group(3)))
        lines[start] = (f'{indent}func.func private {m.group(2)}('
                        f'{arguments}) {results}').rstrip()
        for i in range(start + 1, close + 1):
            lines[i] = ''
        return '\n'.join(lines)
    return None


def upstream_input(mlir_opt, path, options, limit=20):
    """The chunk as upstream gets it: each function One-Shot Bufferize
    rejects declared external in turn, with the lines it rejected."""
    with open(path, encoding='utf-8') as f:
        text = f.read()
    rejected = []
    for _ in range(limit):
        p = subprocess.run([mlir_opt, '-', '--allow-unregistered-dialect',
                            f'--one-shot-bufferize={options}',
                            '-o', os.devnull],
                           input=text, capture_output=True, text=True)
        if p.returncode == 0:
            return text, rejected
        lines = [int(x) for x in ERROR_LINE.findall(p.stderr)]
        declared = declare_function_at(text, lines[0]) if lines else None
        if declared is None:
            return None, rejected + lines[:1]
        rejected.append(lines[0])
        text = declared
    return None, rejected


class Row:
    """One file's sums; a None upstream figure is one mlir-opt refused."""

    def __init__(self, name):
        self.name = name
        self.chunks = 0
        self.up = collections.Counter()
        self.bl = collections.Counter()
        self.frees_unknown = 0
        self.isolated = 0  # functions upstream rejects, declared instead
        self.unanalysed = 0  # chunks upstream rejects even so
        self.differences = []  # (chunk's first line, upstream, ours)
        self.free_differences = []  # the same, of (allocation, free) lines
        # (chunk's first line, column, upstream's count, ours) of the
        # allocations, copies and failures, which are compared per chunk.
        self.count_differences = []


def analyse(args, path):
    split = '/one-shot/' in path
    with open(path, encoding='utf-8') as f:
        options = cb.run_line_options(args.mlir_opt, f.read())
    row = Row(os.path.basename(path))
    with tempfile.TemporaryDirectory() as work:
        config = os.path.join(work, 'bufferlens.json')
        with open(config, 'w', encoding='utf-8') as f:
            json.dump({'oneShotBufferize': options}, f)
        for first, text in cb.chunks(path, split):
            if not text.strip():
                continue
            chunk = os.path.join(work, 'chunk.mlir')
            with open(chunk, 'w', encoding='utf-8') as f:
                f.write(text)
            row.chunks += 1
            bl_oop, bl, bl_frees = bufferlens_counts(args.bufferlens, chunk,
                                                     config)
            row.bl.update(bl)
            row.bl['out of place'] += sum(bl_oop.values())
            isolated, rejected = upstream_input(args.mlir_opt, chunk,
                                                options)
            failures = len(rejected) + (isolated is None and not rejected)
            row.up['failures'] += failures
            if failures != bl['failures']:
                row.count_differences.append(
                    (first, 'failures', failures, bl['failures']))
            if isolated is None:
                row.unanalysed += 1
                continue
            if rejected:
                row.isolated += len(rejected)
                chunk = os.path.join(work, 'isolated.mlir')
                with open(chunk, 'w', encoding='utf-8') as f:
                    f.write(isolated)
            allocs, copies, error = cb.upstream_lines(args.mlir_opt, chunk,
                                                      options)
            assert error is None, error
            up_oop = upstream_out_of_place(args.mlir_opt, chunk, options)
            row.up['out of place'] += sum(up_oop.values())
            row.up['allocations'] += sum(allocs.values())
            row.up['copies'] += sum(copies.values())
            for column, up_count in (('allocations', sum(allocs.values())),
                                     ('copies', sum(copies.values()))):
                if up_count != bl[column]:
                    row.count_differences.append(
                        (first, column, up_count, bl[column]))
            frees = upstream_frees(args.mlir_opt, chunk, options)
            if frees is None:
                row.frees_unknown += 1
            else:
                row.up['frees'] += sum(frees.values())
                if frees != bl_frees:
                    row.free_differences.append((first, frees, bl_frees))
            if up_oop != bl_oop:
                row.differences.append((first, up_oop, bl_oop))
    return row


def read_explained(path):
    explained = {}
    if not path:
        return explained
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.split('#', 1)[0].strip()
            if line:
                key, _, reason = line.partition(' ')
                explained[key] = reason.strip()
    return explained


def lines_text(counter):
    return '[' + ', '.join(str(x) for x in sorted(counter.elements())) + ']'


def pairs_text(counter):
    return '[' + ', '.join(f'{a}->{d}'
                           for a, d in sorted(counter.elements())) + ']'


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--mlir-opt', default='mlir-opt')
    parser.add_argument('--bufferlens', default='bufferlens')
    parser.add_argument('--table', action='store_true')
    parser.add_argument('--check', metavar='EXPLAINED')
    parser.add_argument('files', nargs='+')
    args = parser.parse_args()
    explained = read_explained(args.check)
    rows = [analyse(args, path) for path in args.files]

    failed = False

    def report(key, what):
        """Prints one chunk's difference; whether it is unexplained."""
        reason = explained.get(key)
        print(f'{key}: {what}: '
              f'{"explained: " + reason if reason else "DIFFERENT"}')
        return args.check is not None and reason is None

    for row in rows:
        for first, up, ours in row.differences:
            failed |= report(f'{row.name}:{first}',
                             f'out of place upstream {lines_text(up)} '
                             f'BufferLens {lines_text(ours)}')
        for first, up, ours in row.free_differences:
            failed |= report(f'{row.name}:{first}:frees',
                             f'(allocation, free) lines upstream '
                             f'{pairs_text(up)} BufferLens {pairs_text(ours)}')
        for first, column, up, ours in row.count_differences:
            failed |= report(f'{row.name}:{first}:{column}',
                             f'{column} upstream {up} BufferLens {ours}')
    if args.check is not None:
        differ = sum(len(r.differences) + len(r.free_differences) +
                     len(r.count_differences) for r in rows)
        print(f'{differ} chunks differ, '
              f'{"some" if failed else "none"} unexplained')

    if args.table:
        print('| file | chunks | out of place (upstream / BL501+BL502) '
              '| allocations (upstream / BL502) | copies (upstream / BL501) '
              '| frees (dealloc pass / BL502 notes) '
              '| failures (upstream / BL503) |')
        print('|---|---|---|---|---|---|---|')
        for r in rows:
            frees = f'{r.up["frees"]} / {r.bl["frees"]}'
            if r.frees_unknown:
                frees += f' ({r.frees_unknown} chunks: pass fails)'
            if r.unanalysed:
                frees += f' ({r.unanalysed} chunks upstream rejects)'
            print(f'| {r.name} | {r.chunks} '
                  f'| {r.up["out of place"]} / {r.bl["out of place"]} '
                  f'| {r.up["allocations"]} / {r.bl["allocations"]} '
                  f'| {r.up["copies"]} / {r.bl["copies"]} '
                  f'| {frees} '
                  f'| {r.up["failures"]} / {r.bl["failures"]} |')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
