#!/usr/bin/env python3
"""Generated programs that free views of their allocations, for the
differential test of the deallocation checker (generate.py --kind subviews,
compare.py --kind subviews).

usage: subviews.py SEED [--correct]

Each SEED gives `@f(%c0: i1, %c1: i1, %c2: i1, %sink: memref<f32>)` that
allocates buffers, takes subviews of them (at offset 0 or 1, of the buffer
or of another subview, some through a memref.cast), reads through the
views, and frees each buffer exactly once on every path: through the
allocation itself, or through one of its views, directly or under an i1 with
the allocation freed on the other side. For three seeds out of four one bug
is then injected: a free removed (leak), a free repeated (double free, of
the same value or of the allocation after its view), a read through a view
after a free (use after free) or a free of the %sink argument (invalid
free). The header says which (`// INJECTED: ...`).

Freeing a view is outside the `memref.dealloc` contract: "the dealloc
operation should not be called on memrefs which alias an alloc'd memref
(e.g. memrefs returned by view operations)"
(https://mlir.llvm.org/docs/Dialects/MemRef/#memrefdealloc-memrefdeallocop).
The lowering frees the descriptor's allocated pointer, which a subview
keeps, so execution runs clean; the checker's BL104 there is true by
contract. A program that frees a view on some path says so with
`// CONTRACT: invalid-free`, which compare.py counts as observed.
Python 3 standard library only; the output depends on SEED alone."""

import random
import sys

from generate import MEMREF, Free, Region

# What subviews of memref<4xf32> [off] [2] [1] are.
VIEW = {0: "memref<2xf32, strided<[1]>>",
        1: "memref<2xf32, strided<[1], offset: 1>>"}
# A subview [0] [1] [1] of a view at offset `off`.
INNER = {0: "memref<1xf32, strided<[1]>>",
         1: "memref<1xf32, strided<[1], offset: 1>>"}
DYNAMIC = "memref<?xf32, strided<[1], offset: ?>>"


class Buffer:
    """An allocation and the views of it made so far: (name, type)."""

    def __init__(self, name):
        self.name = name
        self.views = [(name, MEMREF)]


class ViewFree(Free):
    """A free of `buf` through `lines`; `through_view` when it frees a view."""

    def __init__(self, buf, lines, through_view):
        super().__init__(buf, lines)
        self.through_view = through_view


class SubviewGenerator:
    def __init__(self, seed):
        self.rand = random.Random(seed)
        self.counter = 0
        self.conds = ["%c0", "%c1", "%c2"]

    def name(self, prefix):
        self.counter += 1
        return f"%{prefix}{self.counter}"

    def use(self, value, typ):
        v = self.name("v")
        return [f"{v} = memref.load {value}[%i0] : {typ}",
                f"memref.store {v}, %sink[] : memref<f32>"]

    def view(self, buf):
        """A new view of `buf` (lines), recorded in buf.views."""
        src, typ = self.rand.choice(buf.views)
        v = self.name("sv")
        if typ == MEMREF:
            off = self.rand.choice([0, 1])
            lines = [f"{v} = memref.subview {src}[{off}] [2] [1] : {MEMREF} to {VIEW[off]}"]
            vtyp = VIEW[off]
        elif typ in VIEW.values():
            off = 0 if typ == VIEW[0] else 1
            lines = [f"{v} = memref.subview {src}[0] [1] [1] : {typ} to {INNER[off]}"]
            vtyp = INNER[off]
        else:
            return []
        if self.rand.random() < 0.25:
            c = self.name("cast")
            lines.append(f"{c} = memref.cast {v} : {vtyp} to {DYNAMIC}")
            buf.views.append((c, DYNAMIC))
        else:
            buf.views.append((v, vtyp))
        return lines + self.use(*buf.views[-1])

    def free_via(self, buf, value, typ):
        return ViewFree(buf, [f"memref.dealloc {value} : {typ}"], value != buf.name)

    def free(self, buf):
        """Frees buf once on every path: through itself or a view, or under
        an i1 through a view on one side and itself on the other."""
        style = self.rand.choice(["base", "view", "view", "split"])
        if style == "base" or len(buf.views) == 1:
            return [self.free_via(buf, buf.name, MEMREF)]
        value, typ = self.rand.choice(buf.views[1:])
        if style == "view":
            return [self.free_via(buf, value, typ)]
        blocks = [[self.free_via(buf, value, typ)], [self.free_via(buf, buf.name, MEMREF)]]
        if self.rand.random() < 0.5:
            blocks.reverse()
        return [Region(f"scf.if {self.rand.choice(self.conds)} {{", blocks,
                       ["} else {"], "}")]

    def body(self):
        live, out = [], []
        for _ in range(self.rand.randint(3, 7)):
            kinds = ["alloc"]
            if live:
                kinds += ["view", "view", "use", "free"]
            kind = self.rand.choice(kinds)
            if kind == "alloc":
                b = Buffer(self.name("b"))
                out.append(f"{b.name} = memref.alloc() : {MEMREF}")
                live.append(b)
            elif kind == "view":
                out += self.view(self.rand.choice(live))
            elif kind == "use":
                buf = self.rand.choice(live)
                out += self.use(*self.rand.choice(buf.views))
            elif kind == "free":
                out += self.free(live.pop(self.rand.randrange(len(live))))
        for buf in live:
            out += self.free(buf)
        out.append("return")
        return out


def frees(nodes, found=None):
    found = [] if found is None else found
    for i, node in enumerate(nodes):
        if isinstance(node, Free):
            found.append((nodes, i))
        elif isinstance(node, Region):
            for b in node.blocks:
                frees(b, found)
    return found


def inject(gen, body):
    rand = gen.rand
    sites = frees(body)
    kind = rand.choice(["leak", "double-free", "use-after-free", "invalid-free"])
    if kind == "invalid-free" or not sites:
        body.insert(rand.randrange(len(body)), "memref.dealloc %sink : memref<f32>")
        return "invalid-free"
    nodes, i = rand.choice(sites)
    free = nodes[i]
    buf = free.buf
    if kind == "leak":
        del nodes[i]
    elif kind == "double-free":
        value, typ = rand.choice(buf.views)
        again = gen.free_via(buf, value, typ)
        # A free of a freed buffer is the double free it is; through a
        # view it is not also a free outside the contract (one finding per
        # free, as the checker reports it).
        again.through_view = False
        nodes.insert(i + 1, again)
    else:
        nodes[i + 1:i + 1] = gen.use(*rand.choice(buf.views))
    return kind


def frees_a_view(body):
    return any(f[0][f[1]].through_view for f in frees(body))


def render(body, seed, injected):
    out = [f"// Generated by test/exec/checker/generate.py --kind subviews {seed}; do not edit.",
           f"// INJECTED: {injected}"]
    if frees_a_view(body):
        out.append("// CONTRACT: invalid-free")
    out += ["// EXEC: @f lower-bufferization",
            "func.func @f(%c0: i1, %c1: i1, %c2: i1, %sink: memref<f32>) {",
            "  %i0 = arith.constant 0 : index"]

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
    emit(body, 2)
    out.append("}")
    return "\n".join(out) + "\n"


def generate(seed, correct=False):
    gen = SubviewGenerator(seed)
    body = gen.body()
    injected = "none"
    if not correct and gen.rand.random() < 0.75:
        injected = inject(gen, body)
    return render(body, seed, injected)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sys.stdout.write(generate(int(sys.argv[1]), "--correct" in sys.argv[2:]))
