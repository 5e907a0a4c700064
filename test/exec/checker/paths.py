#!/usr/bin/env python3
"""Runs the paths the checker prints: for every finding with a path
(BL101 leak, BL102 double free, BL103 use after free, BL104 invalid free)
in the given files, on a function whose decisions are all on its
arguments, runs the function under the execution harness (run-mlir-exec.py)
with inputs that satisfy the printed path's decisions and checks the error
happens, and, for each decision, with inputs that violate that decision
alone and checks some run has no such error: a decision the error does not
depend on, or one printed with the wrong polarity or constant, fails.

The decisions are read from `lint --format json`'s path steps (their
`decisions` key: value, predicate, constant), not from the message. The
i1 arguments no decision fixes are enumerated by the harness, the
integers get its default (4), so "the error happens" is checked for every
combination of the free i1 arguments.

usage: paths.py --bufferlens BIN [--known FILE] FILE.mlir...

Prints one line per finding, `PROVED`, `FAILED`, `KNOWN` (a failure
--known lists, with its reason) or `SKIPPED` with the reason, sorted,
then the counts. Exit code 1 if one failed. Python 3
standard library only."""

import argparse
import concurrent.futures
import itertools
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
HARNESS = os.path.join(HERE, "..", "run-mlir-exec.py")

# What the harness prints for the error each code claims.
VERDICT = {"BL101": "leak", "BL102": "double-free", "BL103": "use-after-free",
           "BL104": "invalid-free"}
# Returning a freed buffer is the use BL103 names at a return.
ALSO = {"use-after-free": ["returns-freed"]}
NEGATION = {"eq": "ne", "ne": "eq", "slt": "sge", "sge": "slt", "sle": "sgt",
            "sgt": "sle", "ult": "uge", "uge": "ult", "ule": "ugt",
            "ugt": "ule"}
MASK = (1 << 64) - 1


def holds(value, predicate, constant):
    if predicate[0] == "u":
        value, constant = value & MASK, constant & MASK
    return {"eq": value == constant, "ne": value != constant,
            "slt": value < constant, "sle": value <= constant,
            "sgt": value > constant, "sge": value >= constant,
            "ult": value < constant, "ule": value <= constant,
            "ugt": value > constant, "uge": value >= constant}[predicate]


def strip_comment(line):
    return line.split("//", 1)[0]


def functions(text):
    """name -> (first line, last line, argument names and types), 1-based."""
    lines = text.split("\n")
    found = {}
    i = 0
    while i < len(lines):
        m = re.match(r"\s*func\.func\s+(?:private\s+)?@([\w$.]+)\s*\(",
                     strip_comment(lines[i]))
        if not m:
            i += 1
            continue
        name, start = m.group(1), i
        # The signature, up to its closing parenthesis.
        sig, depth, j = "", 0, i
        while True:
            part = strip_comment(lines[j])
            sig += part + " "
            if sig.count("(") and sig.count("(") == sig.count(")"):
                break
            j += 1
        inner = sig[sig.index("(") + 1:]
        depth, args, cur = 1, [], ""
        for ch in inner:
            if ch in "(<[{":
                depth += 1
            elif ch in ")>]}":
                depth -= 1
                if depth == 0:
                    break
            if ch == "," and depth == 1:
                args.append(cur)
                cur = ""
            else:
                cur += ch
        args.append(cur)
        params = []
        for a in args:
            am = re.match(r"\s*(%[\w$.]+)\s*:\s*([^{]+)", a)
            if am:
                params.append((am.group(1), am.group(2).strip()))
        # The body, by its braces (comments stripped).
        depth, k, opened = 0, i, False
        while k < len(lines):
            part = strip_comment(lines[k])
            depth += part.count("{") - part.count("}")
            opened = opened or "{" in part
            if opened and depth <= 0:
                break
            if not opened and k >= j:
                k = j
                break  # a declaration
            k += 1
        found[name] = (start + 1, k + 1, params)
        i = k + 1
    return found


def solve(params, decisions):
    """argK=V tokens satisfying the decisions, or None. A decision compares
    an argument with a constant, or with another argument plus a constant
    (`value predicate than + constant`): each
    decided argument is tried at a few values (4, the harness's default,
    first) and the first combination that satisfies all is taken."""
    names = {n: (k, t) for k, (n, t) in enumerate(params)}
    decided = sorted({d["value"] for d in decisions} |
                     {d["than"] for d in decisions if "than" in d},
                     key=lambda n: names[n][0])
    candidates = []
    for value in decided:
        k, ty = names[value]
        if ty == "i1":
            candidates.append([0, 1])
            continue
        consts = {d["constant"] for d in decisions
                  if d["value"] == value and "than" not in d}
        # Past the constants, small numbers: a comparison with another
        # argument plus a constant needs them apart by that much.
        tried = [4, 0, 1, 2] + sorted(
            {c + e for c in consts for e in (-1, 0, 1)}) + list(range(-2, 13))
        candidates.append(list(dict.fromkeys(tried)))
    for chosen in itertools.product(*candidates):
        at = dict(zip(decided, chosen))
        if all(holds(at[d["value"]], d["predicate"],
                     at[d["than"]] + d["constant"] if "than" in d
                     else d["constant"])
               for d in decisions):
            return [f"arg{names[v][0]}={at[v]}" for v in decided]
    return None


def run(module, entry, tokens, text):
    spec = [f"@{entry}"] + tokens
    if "bufferization." in text:
        spec.append("lower-bufferization")
    if "memref.realloc" in text:
        spec.append("expand-realloc")
    proc = subprocess.run([sys.executable, HARNESS, module, " ".join(spec)],
                          capture_output=True, text=True)
    if proc.returncode == 2:
        return None, proc.stderr.strip().splitlines()[-1:] or ["harness failed"]
    verdicts = [line.split(": ", 1)[1] for line in proc.stdout.splitlines()
                if line.startswith("combo")]
    return verdicts, spec


def has(verdict, token):
    return any(part.strip().split(" ")[0] in [token] + ALSO.get(token, [])
               for part in verdict.split(","))


def alone_module(text, fns, fn):
    """`fn` and the functions it names, transitively, as a module."""
    lines = text.split("\n")
    wanted, todo = [], [fn]
    while todo:
        name = todo.pop()
        if name in wanted or name not in fns:
            continue
        wanted.append(name)
        first, last, _ = fns[name]
        body = "\n".join(strip_comment(l) for l in lines[first - 1:last])
        todo += re.findall(r"@([\w$.]+)", body)
    return "\n\n".join("\n".join(lines[fns[n][0] - 1:fns[n][1]])
                       for n in sorted(wanted, key=lambda n: fns[n][0])) + "\n"


def free_integers(params, decisions):
    """The integer arguments no decision constrains, by position."""
    decided = {d["value"] for d in decisions} | \
        {d["than"] for d in decisions if "than" in d}
    return [k for k, (n, t) in enumerate(params)
            if n not in decided and re.fullmatch(r"i\d+|index", t) and t != "i1"]


def check(task):
    path, text, finding, fns, siblings, tmp = task
    code, line = finding["code"], finding["line"]
    where = f"{os.path.basename(path)}:{line} {code}"
    fn = next((n for n, (a, b, _) in fns.items() if a <= line <= b), None)
    if fn is None:
        return "SKIPPED", where, "in no function"
    params = fns[fn][2]
    decisions = [d for step in finding["path"] for d in step.get("decisions", [])]
    message = finding["message"]
    condition = message.split(" when ", 1)[1].split(": ")[0] \
        if " when " in message else ""
    named = condition.count(" and ") + 1 if condition else 0
    if named != len(decisions):
        return "SKIPPED", where, (f"@{fn}: its message names {named} decisions,"
                                  f" its steps {len(decisions)}")
    arg_names = {n for n, _ in params}
    outside = sorted({v for d in decisions
                      for v in [d["value"]] + ([d["than"]] if "than" in d else [])
                      if v not in arg_names})
    if outside:
        return "SKIPPED", where, (f"@{fn}: decides {', '.join(outside)}, "
                                  "not an argument")
    first, last, _ = fns[fn]
    body = "\n".join(text.split("\n")[first - 1:last])
    if "gpu." in body:
        return "SKIPPED", where, (f"@{fn}: the harness tracks the memref "
                                  "dialect's allocations only")
    if "memref.realloc" in body:
        return "SKIPPED", where, (f"@{fn}: the harness's expand-realloc keeps "
                                  "a buffer that does not grow")
    if code == "BL104" and "a view of" in message:
        return "SKIPPED", where, f"@{fn}: frees a view, which runs clean"
    token = VERDICT[code]
    tokens = solve(params, decisions)
    if tokens is None:
        return "FAILED", where, f"@{fn}: no inputs satisfy the decisions"
    verdicts, spec = run(path, fn, tokens, text)
    if verdicts is None:
        # The whole file may not lower (a gpu op, a declaration the driver
        # cannot link): run the function with the functions it names.
        alone = alone_module(text, fns, fn)
        module = os.path.join(tmp, f"{os.path.basename(path)}.{fn}.mlir")
        with open(module, "w") as f:
            f.write(alone)
        path, text = module, alone
        verdicts, spec = run(path, fn, tokens, text)
    if verdicts is None:
        return "SKIPPED", where, f"@{fn}: the harness cannot run it ({spec[0]})"
    if verdicts and token != "use-after-free" and \
            any(has(v, "use-after-free") and not has(v, token) for v in verdicts):
        return "SKIPPED", where, (f"@{fn}: a use after free ends the run "
                                  f"before the {token} ({verdicts})")
    if not verdicts or not all(has(v, token) for v in verdicts):
        return "FAILED", where, (f"@{fn} {' '.join(tokens)}: expected {token}"
                                 f" in every run, got {verdicts}")
    proved = [f"@{fn} {' '.join(tokens)}: {token}"]
    if decisions and siblings.get((fn, code), 0) > 1:
        # The harness counts errors, not whose they are: another finding
        # of the code in the function may show on the other side.
        proved.append(f"other side not run: another {code} in @{fn}")
        return "PROVED", where, "; ".join(proved)
    for i, d in enumerate(decisions):
        flipped = [dict(x) for x in decisions]
        flipped[i]["predicate"] = NEGATION[d["predicate"]]
        other = solve(params, flipped)
        if other is None:
            continue
        # A decision is needed when some input on its other side, the rest
        # kept, runs clean: the free i1 arguments are enumerated, the free
        # integers tried at a few values.
        tried = []
        for value in (None, 0, 1, 2):
            spec = other + [f"arg{k}={value}" for k in
                            (free_integers(params, decisions)
                             if value is not None else [])]
            verdicts, _ = run(path, fn, spec, text)
            tried.append(verdicts)
            if verdicts and not all(has(v, token) for v in verdicts):
                proved.append(f"not when {' '.join(spec)}")
                break
            if not free_integers(params, decisions):
                break
        else:
            verdicts = None
        if not proved[-1].startswith("not when " + " ".join(other)):
            return "FAILED", where, (
                f"@{fn} {' '.join(other)}: violates {d['value']} "
                f"{d['predicate']} {d.get('than', '')}{'+' if 'than' in d else ''}"
                f"{d['constant']} and still {token} "
                f"({tried})")
    return "PROVED", where, "; ".join(proved)


def known_gaps(path):
    """`FILE:LINE CODE` -> why, from a file of such lines ('#' comments)."""
    gaps = {}
    if path:
        with open(path) as f:
            for line in f:
                line = line.split("#", 1)[0].strip()
                if line:
                    where, why = line.split(": ", 1)
                    gaps[where] = why
    return gaps


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bufferlens", required=True)
    parser.add_argument("--known", help="known gaps: FILE:LINE CODE: why")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    tasks = []
    for path in args.files:
        with open(path) as f:
            text = f.read()
        out = subprocess.run([args.bufferlens, "lint", "--format", "json",
                              "--stage", "deallocated", path],
                             capture_output=True, text=True).stdout
        report = json.loads(out)
        fns = functions(text)
        # Findings by function and code.
        siblings = {}
        for finding in report["findings"]:
            fn = next((n for n, (a, b, _) in fns.items()
                       if a <= finding["line"] <= b), None)
            key = (fn, finding.get("code"))
            siblings[key] = siblings.get(key, 0) + 1
        for finding in report["findings"]:
            if finding.get("code") in VERDICT and finding.get("path"):
                tasks.append((path, text, finding, fns, siblings))
    with tempfile.TemporaryDirectory() as tmp, \
            concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        tasks = [t + (tmp,) for t in tasks]
        results = sorted(pool.map(check, tasks), key=lambda r: (r[1], r[0]))
    gaps = known_gaps(args.known)
    results = [("KNOWN", where, gaps[where]) if status == "FAILED" and
               where in gaps else (status, where, why)
               for status, where, why in results]
    counts = {}
    for status, where, why in results:
        counts[status] = counts.get(status, 0) + 1
        print(f"{status} {where}: {why}")
    print(f"findings with a path: {len(results)}")
    for status in ("PROVED", "FAILED", "KNOWN", "SKIPPED"):
        print(f"{status.lower()}: {counts.get(status, 0)}")
    return 1 if counts.get("FAILED") else 0


if __name__ == "__main__":
    sys.exit(main())
