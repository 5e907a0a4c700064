#!/usr/bin/env python3
"""Differential test of the deallocation checker against real execution.

usage:
  compare.py record [--out DIR] [--kind K] FIRST LAST
                                    generate seeds FIRST..LAST into corpus/
                                    (or DIR),
                                    execute each through ../run-mlir-exec.py
                                    for every combination of its i1 inputs and
                                    record the verdicts as `// EXPECT:` lines
  compare.py check [--bufferlens B] [FILE_OR_DIR...]
                                    lint the recorded files (default: corpus/)
                                    and compare with the recorded verdicts
  compare.py pipeline [--bufferlens B] [--mlir-opt M] FIRST LAST
                                    the correct programs of seeds FIRST..LAST
                                    with every free removed, through
                                    `mlir-opt --buffer-deallocation-pipeline`:
                                    the checker must report nothing on them
                                    (exit 1 otherwise)
  compare.py live [--bufferlens B] [--kind K] FIRST LAST
                                    generate, execute and compare without
                                    writing anything (for bench/); --kind:
                                    cases of generate.py's kind K

Per file, the error kinds execution observed on some combination (leak,
double-free, use-after-free, invalid-free) are compared with the kinds of
the checker's findings (BL101, BL102, BL103, BL104; a BL103 at a view op,
which touches no memory, is listed but not counted). A kind execution
observed and the checker did not report is a miss; a kind the checker
reported and execution never observed is a false alarm. Prints every
mismatch, then recall (found / observed) and the false-alarm rate (false
alarms / reported). `check` and `live` exit 1 on any miss.

A program with a `// CONTRACT: KIND...` line (subviews.py: it frees a view,
outside the `memref.dealloc` contract, which execution cannot observe)
counts those kinds as observed: the checker's finding there is true by
contract."""

import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
HARNESS = os.path.join(HERE, "..", "run-mlir-exec.py")
CORPUS = os.path.join(HERE, "corpus")
sys.path.insert(0, HERE)
import generate  # noqa: E402

KINDS = {"BL101": "leak", "BL102": "double-free", "BL103": "use-after-free",
         "BL104": "invalid-free"}


def observed_kinds(verdict_lines):
    kinds = set()
    for line in verdict_lines:
        verdict = line.split(": ", 1)[1] if ": " in line else line
        for part in verdict.split(", "):
            part = part.strip()
            if part.startswith("leak"):
                kinds.add("leak")
            elif part in ("double-free", "use-after-free", "invalid-free"):
                kinds.add(part)
    return kinds


def contract_kinds(path):
    """Kinds the program's `// CONTRACT:` line says are errors by contract."""
    with open(path) as f:
        m = re.search(r"^// CONTRACT: (.*)$", f.read(), re.M)
    return set(m.group(1).split()) if m else set()


def execute(path):
    """Verdict lines of every combination; a program with an `// N-VALUES:`
    line runs once per value of its index argument %n (prefixed `n=V`)."""
    with open(path) as f:
        text = f.read()
    values = re.search(r"^// N-VALUES: (.*)$", text, re.M)
    spec = re.search(r"^// EXEC: (.*)$", text, re.M)
    runs = [("", [])]
    if values and spec:
        n_arg = "arg4"  # @f(%c0, %c1, %c2, %sink, %n)
        runs = [(f"n={v} ", [f"{spec.group(1)} {n_arg}={v}"])
                for v in values.group(1).split()]
    lines = []
    for prefix, extra in runs:
        p = subprocess.run([sys.executable, HARNESS, path] + extra,
                           capture_output=True, text=True)
        if p.returncode not in (0, 1):
            sys.exit(f"harness failed on {path}:\n{p.stderr}")
        lines += [prefix + l for l in p.stdout.splitlines() if l.startswith("combo")]
    return lines


def callees_line(path, sources):
    """The line of the `// CALLEES` marker callees.py writes, or infinity."""
    if path not in sources:
        with open(path) as src:
            sources[path] = src.read().splitlines()
    return next((i + 1 for i, l in enumerate(sources[path]) if l == "// CALLEES"),
                float("inf"))


def lint(bufferlens, paths):
    p = subprocess.run([bufferlens, "lint", "--stage", "deallocated", "--format", "json",
                        "--jobs", "2"] + paths, capture_output=True, text=True)
    report = json.loads(p.stdout)
    found = {os.path.abspath(path): set() for path in paths}
    messages = {os.path.abspath(path): [] for path in paths}
    sources = {}
    for f in report["findings"]:
        path = os.path.abspath(f["file"])
        if f.get("code") in KINDS and f["line"] > callees_line(path, sources):
            # A callee's own finding (callees.py): executing @f cannot
            # observe a contract the callee is written to break.
            messages[path].append(f"{f['line']}:{f['column']}: {f['message']} "
                                  f"[{f['code']}, in a callee: not counted]")
            continue
        if f.get("code") == "BL103":
            # A view (memref.cast, subview) of a freed buffer is a use after
            # free by the checker's definition, but touches no memory, so
            # execution cannot observe it.
            if path not in sources:
                with open(path) as src:
                    sources[path] = src.read().splitlines()
            line = sources[path][f["line"] - 1]
            if re.search(r"=\s*memref\.(cast|subview|reinterpret_cast)\b", line):
                messages[path].append(f"{f['line']}:{f['column']}: {f['message']} "
                                      "[BL103, a view: not observable]")
                continue
        if f.get("code") in KINDS:
            found[path].add(KINDS[f["code"]])
            messages[path].append(f"{f['line']}:{f['column']}: {f['message']} [{f['code']}]")
    return found, messages


def compare(cases, bufferlens):
    """cases: [(path, observed kinds)]."""
    found, messages = lint(bufferlens, [path for path, _ in cases])
    contract = 0
    for k, (path, seen) in enumerate(cases):
        by_contract = contract_kinds(path) - seen
        contract += len(by_contract)
        cases[k] = (path, seen | by_contract)
    observed_total = hit = reported = false_alarms = 0
    missed = []
    for path, seen in cases:
        got = found[os.path.abspath(path)]
        observed_total += len(seen)
        hit += len(seen & got)
        reported += len(got)
        for kind in sorted(seen - got):
            missed.append(path)
            print(f"MISSED {kind}: {os.path.relpath(path)}")
        for kind in sorted(got - seen):
            false_alarms += 1
            print(f"FALSE ALARM {kind}: {os.path.relpath(path)}")
        if seen != got:
            for m in messages[os.path.abspath(path)]:
                print(f"    {m}")
    print("per kind: observed, found (recall); reported, real (precision)")
    for kind in ["leak", "double-free", "use-after-free", "invalid-free"]:
        obs = sum(1 for path, seen in cases if kind in seen)
        rep = sum(1 for path, _ in cases if kind in found[os.path.abspath(path)])
        both = sum(1 for path, seen in cases
                   if kind in seen and kind in found[os.path.abspath(path)])
        rec = f"{both / obs:.3f}" if obs else "n/a"
        prec = f"{both / rep:.3f}" if rep else "n/a"
        print(f"  {kind}: {obs}, {both} ({rec}); {rep}, {both} ({prec})")
    buggy = sum(1 for _, seen in cases if seen)
    print(f"programs: {len(cases)} ({buggy} with an error execution observed)")
    if contract:
        print(f"error kinds by the memref.dealloc contract (counted as observed): {contract}")
    print(f"error kinds observed: {observed_total}, found: {hit}, missed: {observed_total - hit}")
    print(f"recall: {hit / observed_total:.3f}" if observed_total else "recall: n/a")
    print(f"reported: {reported}, false alarms: {false_alarms}")
    print(f"false-alarm rate: {false_alarms / reported:.3f}" if reported else
          "false-alarm rate: n/a")
    return not missed


def find_kind(args):
    """`--kind NAME`: cases of generate.py's kind NAME (default: its own)."""
    if "--kind" in args:
        i = args.index("--kind")
        kind = args[i + 1]
        del args[i:i + 2]
        return kind
    return None


def find_bufferlens(args):
    if "--bufferlens" in args:
        i = args.index("--bufferlens")
        b = args[i + 1]
        del args[i:i + 2]
        return b
    return "bufferlens"


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    mode = args.pop(0)
    bufferlens = find_bufferlens(args)
    kind = find_kind(args)
    if mode == "record":
        out_dir = CORPUS
        if "--out" in args:
            i = args.index("--out")
            out_dir = args[i + 1]
            del args[i:i + 2]
        first, last = int(args[0]), int(args[1])
        os.makedirs(out_dir, exist_ok=True)
        for seed in range(first, last + 1):
            path = os.path.join(out_dir, f"seed-{seed:04d}.mlir")
            with open(path, "w") as f:
                f.write(generate.generate(seed, kind=kind))
            verdicts = execute(path)
            with open(path, "a") as f:
                f.write("".join(f"// EXPECT: {v}\n" for v in verdicts))
            print(f"{os.path.relpath(path)}: {', '.join(sorted(observed_kinds(verdicts))) or 'ok'}")
        return 0
    if mode == "check":
        paths = args or [CORPUS]
        files = []
        for p in paths:
            if os.path.isdir(p):
                files += sorted(os.path.join(p, f) for f in os.listdir(p) if f.endswith(".mlir"))
            else:
                files.append(p)
        cases = []
        for path in files:
            with open(path) as f:
                expect = [m.group(1) for m in re.finditer(r"^// EXPECT: (.*)$", f.read(), re.M)]
            if not expect:
                sys.exit(f"{path}: no recorded // EXPECT: verdicts (run `compare.py record`)")
            cases.append((path, observed_kinds(expect)))
        return 0 if compare(cases, bufferlens) else 1
    if mode == "pipeline":
        import tempfile
        mlir_opt = "mlir-opt"
        if "--mlir-opt" in args:
            i = args.index("--mlir-opt")
            mlir_opt = args[i + 1]
            del args[i:i + 2]
        first, last = int(args[0]), int(args[1])
        tmp = tempfile.mkdtemp(prefix="bl-pipe-")
        outputs, helper = [], 0
        for seed in range(first, last + 1):
            text = "".join(l + "\n" for l in generate.generate(seed, correct=True).splitlines()
                           if "memref.dealloc" not in l)
            src = os.path.join(tmp, f"in-{seed:04d}.mlir")
            out = os.path.join(tmp, f"seed-{seed:04d}.mlir")
            with open(src, "w") as f:
                f.write(text)
            p = subprocess.run([mlir_opt, "--buffer-deallocation-pipeline", src, "-o", out],
                               capture_output=True, text=True)
            if p.returncode != 0:
                sys.exit(f"mlir-opt failed on seed {seed}:\n{p.stderr}")
            with open(out) as f:
                helper += "call @dealloc_helper" in f.read()
            outputs.append(out)
        found, messages = lint(bufferlens, outputs)
        bad = 0
        for out in outputs:
            for m in messages[os.path.abspath(out)]:
                bad += 1
                print(f"FALSE ALARM {os.path.basename(out)}: {m}")
        print(f"pipeline outputs: {len(outputs)} ({helper} calling dealloc_helper)")
        print(f"checker findings: {bad}")
        return 1 if bad else 0
    if mode == "live":
        import tempfile
        first, last = int(args[0]), int(args[1])
        tmp = tempfile.mkdtemp(prefix="bl-diff-")
        cases = []
        for seed in range(first, last + 1):
            path = os.path.join(tmp, f"seed-{seed:04d}.mlir")
            with open(path, "w") as f:
                f.write(generate.generate(seed, kind=kind))
            cases.append((path, observed_kinds(execute(path))))
        return 0 if compare(cases, bufferlens) else 1
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main())
