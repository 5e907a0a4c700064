#!/usr/bin/env python3
"""Generated programs with counting loops of three forms, for the
differential test of the deallocation checker (generate.py --kind
affine-loops | while-loops | cf-loops, compare.py --kind ...).

usage: loops.py FAMILY SEED [--correct]     FAMILY: affine, while, cf

Each SEED gives `@f(%c0: i1, %c1: i1, %c2: i1, %sink: memref<f32>, %n:
index)` with one loop whose trip count depends on %n:

  affine  `affine.for %i = L to UB step S`, UB `%n`, `%n + D` or the min of
          `%n` and a constant;
  while   `scf.while` carrying a counter from a constant start by a
          constant step, up (`%i < %n`) or down (`%i > %n`);
  cf      the same counter as a block argument of a loop of `cf`
          branches, tested at the top or (do-while) at the bottom.

Buffers allocated before the loop are freed in the iteration where the
counter equals a constant V of its sequence (read in the iterations up to
that one), and after the loop when that iteration did not happen; others
are freed after the loop under `%c0`/its negation, or allocated and freed
in each iteration. Correct by construction; for three seeds out of four one
bug is injected: the free after the loop removed (leak), made
unconditional (double free), a read of the buffer in every iteration (use
after free) or a free of %sink (invalid free). The header says which
(`// INJECTED: ...`); `// N-VALUES:` the values of %n compare.py runs: for
each V one that stops before iteration V and one that runs past it. Python 3 standard library only; the output depends on
FAMILY and SEED alone."""

import random
import sys

MEMREF = "memref<4xf32>"


class Loops:
    def __init__(self, family, seed):
        self.family = family
        self.rand = random.Random(seed * 104729 + {"affine": 1, "while": 2, "cf": 3}[family])
        self.counter = 0
        self.consts = {0, 1}
        self.lines = []
        self.n_values = set()

    def name(self, prefix):
        self.counter += 1
        return f"%{prefix}{self.counter}"

    def const(self, value):
        self.consts.add(value)
        return f"%k{value}" if value >= 0 else f"%km{-value}"

    def read(self, buf):
        v = self.name("v")
        return [f"{v} = memref.load {buf}[%k0] : {MEMREF}",
                f"memref.store {v}, %sink[] : memref<f32>"]

    def free(self, buf):
        if self.rand.random() < 0.25:
            c = self.name("cast")
            return [f"{c} = memref.cast {buf} : {MEMREF} to memref<?xf32>",
                    f"memref.dealloc {c} : memref<?xf32>"]
        return [f"memref.dealloc {buf} : {MEMREF}"]

    def shape(self):
        """Start, step and the sequence of counter values the loop may take
        (enough of it to pick V from)."""
        if self.family == "affine":
            start = self.rand.choice([0, 0, 1, 2])
            step = self.rand.choice([1, 1, 2])
        else:
            start = self.rand.choice([0, 0, 1, 3, 10])
            step = self.rand.choice([1, 1, 2, -1, -2]) if start >= 3 else \
                self.rand.choice([1, 1, 2])
        seq = [start + k * step for k in range(1, 9)]
        return start, step, seq

    def generate(self, correct):
        start, step, seq = self.shape()
        up = step > 0
        # Buffers freed at an iteration (V), after the loop, or per iteration.
        named = []
        for _ in range(self.rand.randint(1, 2)):
            b = self.name("b")
            v = self.rand.choice(seq)
            named.append((b, v))
            self.lines.append(f"{b} = memref.alloc() : {MEMREF}")
        plain = []
        for _ in range(self.rand.randint(0, 1)):
            b = self.name("b")
            plain.append(b)
            self.lines.append(f"{b} = memref.alloc() : {MEMREF}")
        bug = "none"
        if not correct and self.rand.random() < 0.75:
            bug = self.rand.choice(["leak", "double-free", "use-after-free", "invalid-free"])
        victim = self.rand.randrange(len(named))

        def body(iv):
            out = []
            if self.rand.random() < 0.5:
                local = self.name("l")
                out.append(f"{local} = memref.alloc() : {MEMREF}")
                out += self.read(local)
                out += self.free(local)
            for k, (b, v) in enumerate(named):
                kv = self.const(v)
                if bug == "use-after-free" and k == victim:
                    out += self.read(b)
                else:
                    le = self.name("le")
                    pred = "sle" if up else "sge"
                    out.append(f"{le} = arith.cmpi {pred}, {iv}, {kv} : index")
                    out.append(f"scf.if {le} {{")
                    out += ["  " + l for l in self.read(b)]
                    out.append("}")
                e = self.name("e")
                out.append(f"{e} = arith.cmpi eq, {iv}, {kv} : index")
                out.append(f"scf.if {e} {{")
                out += ["  " + l for l in self.free(b)]
                out.append("}")
            for b in plain:
                if self.rand.random() < 0.3:
                    out += self.read(b)
            return out

        # The loop; `reached(v)` is an i1 that holds when iteration v ran.
        self.shift = 0  # the loop runs up to %n + shift (affine `%n + D`)
        loop, reached = self.loop(start, step, body)
        self.lines += loop
        for b, v in named:
            # One %n that stops before iteration v, one that runs past it.
            w = v - self.shift
            self.n_values |= {w, w + 3} if up else {w, w - 3}
        for k, (b, v) in enumerate(named):
            if bug == "leak" and k == victim:
                continue
            if bug == "double-free" and k == victim:
                self.lines += self.free(b)
                continue
            r = reached(v)
            nr = self.name("nr")
            self.lines.append(f"{nr} = arith.xori {r}, %true : i1")
            self.lines.append(f"scf.if {nr} {{")
            self.lines += ["  " + l for l in self.free(b)]
            self.lines.append("}")
        for b in plain:
            self.lines.append("scf.if %c0 {")
            self.lines += ["  " + l for l in self.free(b)]
            self.lines.append("} else {")
            self.lines += ["  " + l for l in self.read(b) + self.free(b)]
            self.lines.append("}")
        if bug == "invalid-free":
            at = self.rand.randrange(len(self.lines) + 1)
            # Not inside a region: only between top-level lines.
            while at < len(self.lines) and self.lines[at].startswith((" ", "}", "^")):
                at += 1
            self.lines.insert(at, "memref.dealloc %sink : memref<f32>")
        return bug

    def cmp(self, pred, a, b):
        c = self.name("r")
        self.lines.append(f"{c} = arith.cmpi {pred}, {a}, {b} : index")
        return c

    def loop(self, start, step, body):
        up = step > 0
        if self.family == "affine":
            return self.affine(start, step, body)
        if self.family == "while":
            return self.scf_while(start, step, body)
        return self.cf(start, step, body)

    def affine(self, start, step, body):
        iv = self.name("i")
        form = self.rand.choice(["n", "n+d", "min"])
        d = self.rand.choice([1, 2, -1])
        m = self.rand.randint(2, 9)
        if form == "n+d":
            self.shift = d
        if form == "n":
            ub = "%n"
        elif form == "n+d":
            ub = f"affine_map<()[s0] -> (s0 + {d})>()[%n]" if d > 0 else \
                f"affine_map<()[s0] -> (s0 - {-d})>()[%n]"
        else:
            ub = f"min affine_map<()[s0] -> (s0, {m})>()[%n]"
        step_text = f" step {step}" if step != 1 else ""
        lines = [f"affine.for {iv} = {start} to {ub}{step_text} {{"]
        lines += ["  " + l for l in body(iv)]
        lines.append("}")

        def reached(v):
            # Iteration v runs when v < every upper bound.
            r = self.cmp("slt", self.const(v), "%n" if form != "n+d" else self.ub_plus(d))
            if form == "min" and v >= m:
                r2 = self.name("r")
                self.lines.append(f"{r2} = arith.andi {r}, %false : i1")
                return r2
            return r
        return lines, reached

    def ub_plus(self, d):
        u = self.name("u")
        self.lines.append(f"{u} = arith.addi %n, {self.const(d)} : index")
        return u

    def scf_while(self, start, step, body):
        up = step > 0
        i, j, more, nxt, res = (self.name("i"), self.name("j"), self.name("more"),
                                self.name("next"), self.name("w"))
        lines = [f"{res} = scf.while ({i} = {self.const(start)}) : (index) -> index {{",
                 f"  {more} = arith.cmpi {'slt' if up else 'sgt'}, {i}, %n : index",
                 f"  scf.condition({more}) {i} : index",
                 "} do {",
                 f"^bb0({j}: index):"]
        lines += ["  " + l for l in body(j)]
        lines += [f"  {nxt} = arith.addi {j}, {self.const(step)} : index",
                  f"  scf.yield {nxt} : index",
                  "}"]

        def reached(v):
            return self.cmp("slt" if up else "sgt", self.const(v), "%n")
        return lines, reached

    def cf(self, start, step, body):
        up = step > 0
        i, more, nxt = self.name("i"), self.name("more"), self.name("next")
        bottom = self.rand.random() < 0.4
        lines = [f"cf.br ^bb1({self.const(start)} : index)", f"^bb1({i}: index):"]
        if bottom:
            # do-while: the body runs once before the test.
            lines += ["  " + l for l in body(i)]
            lines += [f"  {nxt} = arith.addi {i}, {self.const(step)} : index",
                      f"  {more} = arith.cmpi {'slt' if up else 'sgt'}, {nxt}, %n : index",
                      f"  cf.cond_br {more}, ^bb1({nxt} : index), ^bb2",
                      "^bb2:"]
        else:
            lines += [f"  {more} = arith.cmpi {'slt' if up else 'sgt'}, {i}, %n : index",
                      f"  cf.cond_br {more}, ^bb2, ^bb3",
                      "^bb2:"]
            lines += ["  " + l for l in body(i)]
            lines += [f"  {nxt} = arith.addi {i}, {self.const(step)} : index",
                      f"  cf.br ^bb1({nxt} : index)",
                      "^bb3:"]

        def reached(v):
            r = self.cmp("slt" if up else "sgt", self.const(v), "%n")
            if bottom and v == start:
                r2 = self.name("r")
                self.lines.append(f"{r2} = arith.ori {r}, %true : i1")
                return r2
            return r
        return lines, reached


def generate(seed, correct=False, family="affine"):
    gen = Loops(family, seed)
    bug = gen.generate(correct)
    out = [f"// Generated by test/exec/checker/loops.py {family} {seed}; do not edit.",
           f"// INJECTED: {bug}",
           # %c1 and %c2 are unused: one combination of them is enough.
           "// EXEC: @f lower-bufferization arg1=0 arg2=0",
           f"// N-VALUES: {' '.join(map(str, sorted(gen.n_values)))}",
           "func.func @f(%c0: i1, %c1: i1, %c2: i1, %sink: memref<f32>, %n: index) {",
           "  %true = arith.constant true",
           "  %false = arith.constant false"]
    for value in sorted(gen.consts):
        name = f"%k{value}" if value >= 0 else f"%km{-value}"
        out.append(f"  {name} = arith.constant {value} : index")
    for line in gen.lines:
        out.append(line if line.startswith("^") else "  " + line)
    out.append("  return")
    out.append("}")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    sys.stdout.write(generate(int(args[1]), "--correct" in args[2:], family=args[0]))
