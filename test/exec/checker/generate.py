#!/usr/bin/env python3
"""Deterministic generator of small functions that free their own memory,
for the differential test of the deallocation checker against execution.

usage: generate.py SEED            print the function for SEED
       generate.py SEED --correct  print it without the injected bug
       generate.py --kind KIND SEED [--correct]
                                   a case of another kind (KINDS below;
                                   callees: callees.py, subviews:
                                   subviews.py, recursive-callees:
                                   callees.py, affine-loops, while-loops,
                                   cf-loops: loops.py)

Each SEED gives one function `@f(%c0: i1, %c1: i1, %c2: i1, %sink: memref<f32>)`
built from allocations, clones, reads, subviews, selects, frees through
aliases (casts, extract_strided_metadata bases), scf.if on the inputs
(including pairs of frees under %c and its negation), ownership flags passed
through cf block arguments the way the deallocation pipeline does, and
scf.for loops (loop-local buffers and buffers carried in iter_args). The
program is correct by construction; for three seeds out of four one bug is
then injected: a free removed (leak), a free duplicated (double free), a read
added right after a free (use after free) or a free of the %sink argument
(invalid free). The header says which (`// INJECTED: ...`).
Python 3 standard library only; the output depends on SEED alone."""

import random
import sys

MEMREF = "memref<4xf32>"


class Free:
    """A free of `buf` (an SSA name of type memref<4xf32>) as `lines`."""

    def __init__(self, buf, lines):
        self.buf = buf
        self.lines = lines


class Region:
    """header line, list of blocks (each a list of nodes) joined by
    `separators` (e.g. `} else {`), and a closing line."""

    def __init__(self, header, blocks, separators, footer):
        self.header = header
        self.blocks = blocks
        self.separators = separators
        self.footer = footer


class Generator:
    def __init__(self, seed):
        self.rand = random.Random(seed)
        self.counter = 0
        self.conds = ["%c0", "%c1", "%c2"]
        # Index families (comparisons of %n, loops up to %n) draw from a
        # stream of their own, so that adding them kept the i1 families'
        # choices; K is the one constant they compare with.
        self.ints = random.Random(seed * 7919 + 17)
        self.K = self.ints.randint(1, 5)
        self.consts = set()

    def name(self, prefix):
        self.counter += 1
        return f"%{prefix}{self.counter}"

    # --- leaf statements ---------------------------------------------------
    def use(self, buf, typ=MEMREF, index="%i0"):
        v = self.name("v")
        idx = f"[{index}]" if typ != "memref<f32>" else "[]"
        return [f"{v} = memref.load {buf}{idx} : {typ}",
                f"memref.store {v}, %sink[] : memref<f32>"]

    def const(self, value):
        self.consts.add(value)
        return f"%k{value}" if value >= 0 else f"%km{-value}"

    def free(self, buf):
        style = self.rand.choice(["direct", "direct", "cast", "base"])
        if style == "cast":
            c = self.name("cast")
            return Free(buf, [f"{c} = memref.cast {buf} : {MEMREF} to memref<?xf32>",
                              f"memref.dealloc {c} : memref<?xf32>"])
        if style == "base":
            b = self.name("base")
            return Free(buf, [f"{b}, %off{self.counter}, %sz{self.counter}, %st{self.counter} = "
                              f"memref.extract_strided_metadata {buf} : {MEMREF} -> "
                              f"memref<f32>, index, index, index",
                              f"memref.dealloc {b} : memref<f32>"])
        return Free(buf, [f"memref.dealloc {buf} : {MEMREF}"])

    # --- blocks --------------------------------------------------------------
    def stmts(self, live, budget, depth):
        """Nodes that leave `live` (mutated) consistent on every path."""
        out = []
        for _ in range(budget):
            kinds = ["alloc", "alloc", "use", "view"]
            if live:
                kinds += ["free", "use", "clone"]
                if depth < 2:
                    kinds += ["if_free", "pair_free", "loop_carried"]
            if len(live) >= 2:
                kinds.append("select")
            if depth < 2:
                kinds += ["if_local", "loop_local"]
            kind = self.rand.choice(kinds)
            if live and depth < 2 and self.ints.random() < 0.35:
                kind = self.ints.choice(["cmp_pair", "loop_dynamic", "loop_constant"])
            if kind == "alloc":
                b = self.name("b")
                out.append(f"{b} = memref.alloc() : {MEMREF}")
                live.append(b)
            elif kind == "clone" and live:
                b = self.name("b")
                src = self.rand.choice(live)
                out.append(f"{b} = bufferization.clone {src} : {MEMREF} to {MEMREF}")
                live.append(b)
            elif kind == "use" and live:
                out += self.use(self.rand.choice(live))
            elif kind == "view" and live:
                v = self.name("sv")
                typ = "memref<2xf32, strided<[1], offset: 1>>"
                out.append(f"{v} = memref.subview {self.rand.choice(live)}[1] [2] [1] : "
                           f"{MEMREF} to {typ}")
                out += self.use(v, typ)
            elif kind == "select" and len(live) >= 2:
                a, b = self.rand.sample(live, 2)
                s = self.name("sel")
                out.append(f"{s} = arith.select {self.rand.choice(self.conds)}, {a}, {b} : {MEMREF}")
                out += self.use(s)
            elif kind == "free" and live:
                b = live.pop(self.rand.randrange(len(live)))
                out.append(self.free(b))
            elif kind == "if_free" and live:
                b = live.pop(self.rand.randrange(len(live)))
                blocks = []
                for _ in range(2):
                    blk = self.local(depth + 1)
                    if self.rand.random() < 0.5:
                        blk += self.use(b)
                    blk.append(self.free(b))
                    blocks.append(blk)
                out.append(Region(f"scf.if {self.rand.choice(self.conds)} {{", blocks,
                                  ["} else {"], "}"))
            elif kind == "pair_free" and live:
                b = live.pop(self.rand.randrange(len(live)))
                c = self.rand.choice(self.conds)
                n = self.name("not")
                out.append(Region(f"scf.if {c} {{", [[self.free(b)]], [], "}"))
                out.append(f"{n} = arith.xori {c}, %true : i1")
                out.append(Region(f"scf.if {n} {{", [self.use(b) + [self.free(b)]], [], "}"))
            elif kind == "if_local":
                blocks = [self.local(depth + 1), self.local(depth + 1)]
                out.append(Region(f"scf.if {self.rand.choice(self.conds)} {{", blocks,
                                  ["} else {"], "}"))
            elif kind == "loop_local":
                out.append(Region("scf.for %iv{} = %i0 to %i2 step %i1 {{".format(self.name("")[1:]),
                                  [self.local(depth + 1)], [], "}"))
            elif kind == "cmp_pair":
                out += self.cmp_pair(live.pop(self.rand.randrange(len(live))))
            elif kind == "loop_dynamic":
                out += self.loop_dynamic(live.pop(self.rand.randrange(len(live))))
            elif kind == "loop_constant":
                out += self.loop_constant(live.pop(self.rand.randrange(len(live))))
            elif kind == "loop_carried" and live:
                b = live.pop(self.rand.randrange(len(live)))
                r, it, n = self.name("r"), self.name("it"), self.name("b")
                body = [f"{n} = memref.alloc() : {MEMREF}",
                        f"memref.copy {it}, {n} : {MEMREF} to {MEMREF}",
                        self.free(it),
                        f"scf.yield {n} : {MEMREF}"]
                out.append(Region(f"{r} = scf.for %iv{self.counter} = %i0 to %i2 step %i1 "
                                  f"iter_args({it} = {b}) -> ({MEMREF}) {{", [body], [], "}"))
                live.append(r)
        return out

    # --- index families ------------------------------------------------
    # Complementary comparisons of %n with K written with two different
    # predicates: exactly one holds for every 64-bit %n.
    PAIRS = [("slt", 0, "sgt", -1), ("slt", 0, "sle", "swap"),
             ("sle", 0, "sgt", 0), ("sle", 0, "sge", 1),
             ("ult", 0, "ugt", -1), ("ule", 0, "uge", 1),
             ("ule", 0, "ugt", 0), ("eq", 0, "ne", 0),
             ("sgt", 0, "slt", 1), ("uge", 0, "ult", 0)]

    def compare(self, pred, value, swap=False):
        c = self.name("cmp")
        k = self.const(value)
        a, b = ("%n", k) if not swap else (k, "%n")
        return c, f"{c} = arith.cmpi {pred}, {a}, {b} : index"

    def cmp_pair(self, b):
        """Frees b under a comparison and again under its complement."""
        first, d1, second, d2 = self.ints.choice(self.PAIRS)
        if d2 == "swap":
            # not (n slt K)  ==  K sle n
            c1, l1 = self.compare(first, self.K)
            c2, l2 = self.compare(second, self.K, swap=True)
        else:
            c1, l1 = self.compare(first, self.K + d1)
            c2, l2 = self.compare(second, self.K + d2)
        out = [l1, Region(f"scf.if {c1} {{", [self.use(b) + [self.free(b)]], [], "}"), l2]
        out.append(Region(f"scf.if {c2} {{", [[self.free(b)]], [], "}"))
        if self.ints.random() < 0.5:
            # Both never hold: a read of b under both is dead code.
            both = self.name("both")
            out.append(f"{both} = arith.andi {c1}, {c2} : i1")
            out.append(Region(f"scf.if {both} {{", [self.use(b)], [], "}"))
        return out

    def loop_dynamic(self, b):
        """%n iterations; b is read in iterations 0..K and freed in
        iteration K, or after the loop when there is none."""
        iv = self.name("iv")
        e, le, g = self.name("e"), self.name("le"), self.name("g")
        k = self.const(self.K)
        body = [f"{le} = arith.cmpi sle, {iv}, {k} : index",
                Region(f"scf.if {le} {{", [self.use(b)], [], "}"),
                f"{e} = arith.cmpi eq, {iv}, {k} : index",
                Region(f"scf.if {e} {{", [[self.free(b)]], [], "}")]
        # `sle`: with `ule` a negative %n (no iteration, and a huge unsigned
        # number after it) would leak.
        pred = self.ints.choice(["sle", "sle"])
        return [Region(f"scf.for {iv} = %i0 to %n step %i1 {{", [body], [], "}"),
                f"{g} = arith.cmpi {pred}, %n, {k} : index",
                Region(f"scf.if {g} {{", [[self.free(b)]], [], "}")]

    def loop_constant(self, b):
        """A constant trip count above 8, freeing b in a late iteration."""
        trips = self.ints.randint(9, 12)
        late = self.ints.randint(8, trips - 1)
        iv, e, le = self.name("iv"), self.name("e"), self.name("le")
        k = self.const(late)
        body = [f"{le} = arith.cmpi ule, {iv}, {k} : index",
                Region(f"scf.if {le} {{", [self.use(b)], [], "}"),
                f"{e} = arith.cmpi eq, {iv}, {k} : index",
                Region(f"scf.if {e} {{", [[self.free(b)]], [], "}")]
        return [Region(f"scf.for {iv} = %i0 to {self.const(trips)} step %i1 {{",
                       [body], [], "}")]

    def local(self, depth):
        """A block that frees everything it allocates."""
        live = []
        out = self.stmts(live, self.rand.randint(1, 3), depth)
        for b in live:
            out.append(self.free(b))
        return out

    def function(self):
        live = []
        body = self.stmts(live, self.rand.randint(3, 6), 0)
        blocks = [body]
        if self.rand.random() < 0.5:
            # A diamond passing a buffer and its ownership flag to the join,
            # the way the deallocation pipeline threads ownership.
            c = self.rand.choice(self.conds)
            fresh = self.name("b")
            outer = self.name("b")
            body.append(f"{outer} = memref.alloc() : {MEMREF}")
            body.append(f"cf.cond_br {c}, ^bb1, ^bb2")
            then = [f"{fresh} = memref.alloc() : {MEMREF}"] + self.use(fresh)
            then.append(f"cf.br ^bb3({fresh}, %true : {MEMREF}, i1)")
            other = self.use(outer) + [f"cf.br ^bb3({outer}, %false : {MEMREF}, i1)"]
            join_buf, own = self.name("m"), self.name("own")
            join = self.use(join_buf)
            join.append(Region(f"scf.if {own} {{", [[self.free(join_buf)]], [], "}"))
            live.append(outer)
            join += self.stmts(live, self.rand.randint(0, 2), 0)
            blocks += [("^bb1:", then), ("^bb2:", other),
                       (f"^bb3({join_buf}: {MEMREF}, {own}: i1):", join)]
            tail = join
        else:
            tail = body
        for b in live:
            tail.append(self.free(b))
        tail.append("return")
        return blocks


def frees(blocks):
    """Every (list, index) holding a Free, in program order."""
    found = []

    def walk(nodes):
        for i, node in enumerate(nodes):
            if isinstance(node, Free):
                found.append((nodes, i))
            elif isinstance(node, Region):
                for b in node.blocks:
                    walk(b)
    for blk in blocks:
        walk(blk if isinstance(blk, list) else blk[1])
    return found


def inject(gen, blocks):
    rand = gen.rand
    sites = frees(blocks)
    kind = rand.choice(["leak", "double-free", "use-after-free", "invalid-free"])
    if kind == "invalid-free" or not sites:
        body = blocks[0]
        end = next((i for i, n in enumerate(body) if isinstance(n, str) and
                    (n.startswith("cf.") or n == "return")), len(body))
        body.insert(rand.randrange(end + 1), "memref.dealloc %sink : memref<f32>")
        return "invalid-free"
    nodes, i = rand.choice(sites)
    free = nodes[i]
    if kind == "leak":
        del nodes[i]
    elif kind == "double-free":
        nodes.insert(i + 1, gen.free(free.buf))
    else:
        nodes[i + 1:i + 1] = gen.use(free.buf)
    return kind


def render(blocks, seed, injected, consts, n_values):
    out = [f"// Generated by test/exec/checker/generate.py {seed}; do not edit.",
           f"// INJECTED: {injected}",
           "// EXEC: @f lower-bufferization",

           "func.func @f(%c0: i1, %c1: i1, %c2: i1, %sink: memref<f32>, %n: index) {",
           "  %true = arith.constant true",
           "  %false = arith.constant false",
           "  %i0 = arith.constant 0 : index",
           "  %i1 = arith.constant 1 : index",
           "  %i2 = arith.constant 2 : index"]
    for value in sorted(consts):
        name = f"%k{value}" if value >= 0 else f"%km{-value}"
        out.append(f"  {name} = arith.constant {value} : index")

    if consts:
        # %n matters: run it on both sides of K (compare.py).
        out.insert(3, f"// N-VALUES: {' '.join(map(str, n_values))}")

    def emit(nodes, indent):
        for node in nodes:
            if isinstance(node, str):
                out.append(" " * indent + node)
            elif isinstance(node, Free):
                out.extend(" " * indent + line for line in node.lines)
            else:
                out.append(" " * indent + node.header)
                for k, blk in enumerate(node.blocks):
                    if k:
                        out.append(" " * indent + node.separators[k - 1])
                    emit(blk, indent + 2)
                out.append(" " * indent + node.footer)
    for blk in blocks:
        if isinstance(blk, list):
            emit(blk, 2)
        else:
            out.append(blk[0])
            emit(blk[1], 2)
    out.append("}")
    return "\n".join(out) + "\n"


def generate(seed, correct=False, kind=None):
    if kind is not None:
        return generate_kind(kind, seed, correct)
    gen = Generator(seed)
    blocks = gen.function()
    injected = "none"
    if not correct and gen.rand.random() < 0.75:
        injected = inject(gen, blocks)
    # %n on both sides of K and past the iteration after K.
    n_values = [gen.K - 1, gen.K, gen.K + 2]
    return render(blocks, seed, injected, gen.consts, n_values)


# Further case kinds, each in a module of its own: `--kind NAME` (and
# compare.py --kind NAME) generates from NAME.generate(seed, correct).
# `MODULE:FAMILY` calls MODULE.generate(seed, correct, family=FAMILY).
KINDS = {"callees": "callees", "subviews": "subviews",
         "recursive-callees": "callees:recursive",
         "affine-loops": "loops:affine", "while-loops": "loops:while",
         "cf-loops": "loops:cf"}


def generate_kind(kind, seed, correct):
    import importlib
    if kind not in KINDS:
        sys.exit(f"unknown case kind {kind!r} (known: {', '.join(sorted(KINDS))})")
    module, _, family = KINDS[kind].partition(":")
    if family:
        return importlib.import_module(module).generate(seed, correct, family=family)
    return importlib.import_module(module).generate(seed, correct)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    args = sys.argv[1:]
    kind = None
    if "--kind" in args:
        i = args.index("--kind")
        kind = args[i + 1]
        del args[i:i + 2]
    sys.stdout.write(generate(int(args[0]), "--correct" in args[1:], kind))
