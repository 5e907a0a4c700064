#!/usr/bin/env python3
"""Generated programs whose callees break the function-boundary ABI, for
the differential test of the deallocation checker (generate.py --kind
callees, compare.py --kind callees).

usage: callees.py SEED [--correct] [--recursive]

Each SEED gives an entry `@f(%c0: i1, %c1: i1, %c2: i1, %sink: memref<f32>,
%in: memref<4xf32>)` that allocates buffers and hands them to private
callees of the module that free their argument (@consume, @forward through
@consume, @maybe_consume under an i1), return it (@identity, @pick: the
argument or a fresh buffer under an i1), free it and return a fresh one
(@swap), only read it (@reader), or return a fresh buffer (@make). The
entry frees what it still owns exactly once on every path, through any
alias a callee returned, so the program is correct by construction; for
three seeds out of four one bug is then injected: a free removed (a
`memref.dealloc`, or a freeing call replaced by a call to @reader: leak), a
free repeated after it (double free), a read added right after a free (use
after free) or the `%in` argument given to @consume (invalid free). The
header says which (`// INJECTED: ...`). `--recursive` (generate.py --kind
recursive-callees) adds callees that reach the same contracts through
recursion and mutual recursion (RECURSIVE below).

The callees follow the entry after a `// CALLEES` line: findings inside
them (BL104 where they free their argument, which is their contract here)
cannot be observed by executing @f and are not counted by compare.py.
Python 3 standard library only; the output depends on SEED alone."""

import random
import sys

from generate import MEMREF, Free, Region

CALLEES = """\
// CALLEES
func.func private @consume(%m: memref<4xf32>) {
  memref.dealloc %m : memref<4xf32>
  return
}
func.func private @forward(%m: memref<4xf32>) {
  call @consume(%m) : (memref<4xf32>) -> ()
  return
}
func.func private @maybe_consume(%m: memref<4xf32>, %c: i1) {
  scf.if %c {
    memref.dealloc %m : memref<4xf32>
  }
  return
}
func.func private @identity(%m: memref<4xf32>) -> memref<4xf32> {
  %i = arith.constant 0 : index
  %v = memref.load %m[%i] : memref<4xf32>
  memref.store %v, %m[%i] : memref<4xf32>
  return %m : memref<4xf32>
}
func.func private @pick(%m: memref<4xf32>, %c: i1) -> memref<4xf32> {
  %r = scf.if %c -> memref<4xf32> {
    %a = memref.alloc() : memref<4xf32>
    memref.copy %m, %a : memref<4xf32> to memref<4xf32>
    scf.yield %a : memref<4xf32>
  } else {
    scf.yield %m : memref<4xf32>
  }
  return %r : memref<4xf32>
}
func.func private @swap(%m: memref<4xf32>) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  memref.copy %m, %a : memref<4xf32> to memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  return %a : memref<4xf32>
}
func.func private @reader(%m: memref<4xf32>) {
  %i = arith.constant 0 : index
  %v = memref.load %m[%i] : memref<4xf32>
  return
}
func.func private @make() -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  return %a : memref<4xf32>
}
"""


# Recursive callees (`--kind recursive-callees`): the same contracts reached
# through recursion. @consume_rec recurses once when %d holds, then frees;
# @maybe_consume_rec frees under %c after the same recursion; @ping and @pong
# call each other before @ping frees.
RECURSIVE = """\
func.func private @consume_rec(%m: memref<4xf32>, %d: i1) {
  scf.if %d {
    %f = arith.constant false
    func.call @consume_rec(%m, %f) : (memref<4xf32>, i1) -> ()
  } else {
    memref.dealloc %m : memref<4xf32>
  }
  return
}
func.func private @maybe_consume_rec(%m: memref<4xf32>, %c: i1, %d: i1) {
  scf.if %d {
    %f = arith.constant false
    func.call @maybe_consume_rec(%m, %c, %f) : (memref<4xf32>, i1, i1) -> ()
  } else {
    scf.if %c {
      memref.dealloc %m : memref<4xf32>
    }
  }
  return
}
func.func private @ping(%m: memref<4xf32>, %d: i1) {
  scf.if %d {
    %f = arith.constant false
    func.call @pong(%m, %f) : (memref<4xf32>, i1) -> ()
  } else {
    memref.dealloc %m : memref<4xf32>
  }
  return
}
func.func private @pong(%m: memref<4xf32>, %d: i1) {
  func.call @ping(%m, %d) : (memref<4xf32>, i1) -> ()
  return
}
"""


class CallFree(Free):
    """A call that frees `buf`; `leaky` is the same line calling @reader
    instead (None where no such replacement keeps the program valid)."""

    def __init__(self, buf, line, leaky):
        super().__init__(buf, [line])
        self.leaky = leaky


class CalleeGenerator:
    def __init__(self, seed, recursive=False):
        self.rand = random.Random(seed)
        self.counter = 0
        self.conds = ["%c0", "%c1", "%c2"]
        self.recursive = recursive

    def name(self, prefix):
        self.counter += 1
        return f"%{prefix}{self.counter}"

    def use(self, buf):
        v = self.name("v")
        return [f"{v} = memref.load {buf}[%i0] : {MEMREF}",
                f"memref.store {v}, %sink[] : memref<f32>"]

    def dealloc(self, buf):
        return Free(buf, [f"memref.dealloc {buf} : {MEMREF}"])

    def body(self):
        """`live`: owned buffers, each a list of the names (aliases) that
        point to it."""
        live, out = [], []
        for _ in range(self.rand.randint(3, 7)):
            kinds = ["alloc", "make"]
            if live:
                kinds += ["consume", "forward", "maybe_consume", "identity",
                          "pick", "swap", "reader", "use", "free"]
                if self.recursive:
                    kinds += ["consume_rec", "ping", "maybe_consume_rec"] * 2
            kind = self.rand.choice(kinds)
            if kind == "alloc":
                b = self.name("b")
                out.append(f"{b} = memref.alloc() : {MEMREF}")
                live.append([b])
            elif kind == "make":
                b = self.name("b")
                out.append(f"{b} = call @make() : () -> {MEMREF}")
                live.append([b])
            elif kind == "use":
                out += self.use(self.rand.choice(self.rand.choice(live)))
            elif kind == "reader":
                b = self.rand.choice(self.rand.choice(live))
                out.append(f"call @reader({b}) : ({MEMREF}) -> ()")
            elif kind == "free":
                names = live.pop(self.rand.randrange(len(live)))
                out.append(self.dealloc(self.rand.choice(names)))
            elif kind in ("consume", "forward"):
                names = live.pop(self.rand.randrange(len(live)))
                b = self.rand.choice(names)
                out.append(CallFree(b, f"call @{kind}({b}) : ({MEMREF}) -> ()",
                                    f"call @reader({b}) : ({MEMREF}) -> ()"))
            elif kind in ("consume_rec", "ping"):
                names = live.pop(self.rand.randrange(len(live)))
                b = self.rand.choice(names)
                d = self.rand.choice(self.conds)
                out.append(CallFree(b, f"call @{kind}({b}, {d}) : ({MEMREF}, i1) -> ()",
                                    f"call @reader({b}) : ({MEMREF}) -> ()"))
            elif kind == "maybe_consume_rec":
                names = live.pop(self.rand.randrange(len(live)))
                b = self.rand.choice(names)
                c, d = self.rand.choice(self.conds), self.rand.choice(self.conds)
                out.append(f"call @maybe_consume_rec({b}, {c}, {d}) : "
                           f"({MEMREF}, i1, i1) -> ()")
                n = self.name("not")
                out.append(f"{n} = arith.xori {c}, %true : i1")
                out.append(Region(f"scf.if {n} {{",
                                  [self.use(b) + [self.dealloc(b)]], [], "}"))
            elif kind == "maybe_consume":
                names = live.pop(self.rand.randrange(len(live)))
                b = self.rand.choice(names)
                c = self.rand.choice(self.conds)
                out.append(f"call @maybe_consume({b}, {c}) : ({MEMREF}, i1) -> ()")
                # The caller frees it where the callee did not.
                n = self.name("not")
                out.append(f"{n} = arith.xori {c}, %true : i1")
                out.append(Region(f"scf.if {n} {{",
                                  [self.use(b) + [self.dealloc(b)]], [], "}"))
            elif kind == "identity":
                names = self.rand.choice(live)
                r = self.name("r")
                out.append(f"{r} = call @identity({self.rand.choice(names)}) : "
                           f"({MEMREF}) -> {MEMREF}")
                names.append(r)
            elif kind == "pick":
                names = self.rand.choice(live)
                b = self.rand.choice(names)
                c = self.rand.choice(self.conds)
                r = self.name("r")
                out.append(f"{r} = call @pick({b}, {c}) : ({MEMREF}, i1) -> {MEMREF}")
                out += self.use(r)
                # A fresh buffer where %c holds, %b itself otherwise.
                out.append(Region(f"scf.if {c} {{", [[self.dealloc(r)]], [], "}"))
            elif kind == "swap":
                names = live.pop(self.rand.randrange(len(live)))
                b = self.rand.choice(names)
                r = self.name("r")
                out.append(CallFree(b, f"{r} = call @swap({b}) : ({MEMREF}) -> {MEMREF}",
                                    None))
                live.append([r])
        for names in live:
            out.append(self.dealloc(self.rand.choice(names)))
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
        end = len(body) - 1  # before the return
        body.insert(rand.randrange(end + 1), f"call @consume(%in) : ({MEMREF}) -> ()")
        return "invalid-free"
    nodes, i = rand.choice(sites)
    free = nodes[i]
    if kind == "leak":
        if isinstance(free, CallFree):
            if free.leaky is None:
                return inject(gen, body)
            nodes[i] = free.leaky
        else:
            del nodes[i]
    elif kind == "double-free":
        nodes.insert(i + 1, gen.dealloc(free.buf))
    else:
        nodes[i + 1:i + 1] = gen.use(free.buf)
    return kind


def render(body, seed, injected, recursive=False):
    kind = "recursive-callees" if recursive else "callees"
    out = [f"// Generated by test/exec/checker/generate.py --kind {kind} {seed}; do not edit.",
           f"// INJECTED: {injected}",
           "// EXEC: @f lower-bufferization",
           "func.func @f(%c0: i1, %c1: i1, %c2: i1, %sink: memref<f32>, "
           f"%in: {MEMREF}) {{",
           "  %true = arith.constant true",
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
    return "\n".join(out) + "\n" + CALLEES + (RECURSIVE if recursive else "")


def generate(seed, correct=False, family=None):
    recursive = family == "recursive"
    gen = CalleeGenerator(seed, recursive)
    body = gen.body()
    injected = "none"
    if not correct and gen.rand.random() < 0.75:
        injected = inject(gen, body)
    return render(body, seed, injected, recursive)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sys.stdout.write(generate(int(sys.argv[1]), "--correct" in sys.argv[2:],
                              "recursive" if "--recursive" in sys.argv[2:] else None))
