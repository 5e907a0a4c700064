"""The function shapes the generated bench modules are made of, and their
proportions in the real-IR corpus (test/corpus/README.md).

Each shape is a template of one or more functions in a form users have:
One-Shot Bufferize output before deallocation (a branch merging an
allocation with an argument, an `scf.for` carrying a memref through
`iter_args`, an `scf.if` yielding a fresh buffer or its operand, a call
returning a buffer, dynamic shapes with a subview), and functions after
`--buffer-deallocation-pipeline` (the deallocated ones; `mlir-opt`'s own
output for two of the shapes above, and one that leaks on a path so the
checker reports something). `{i}` makes the names unique.

`corpus_proportions()` counts the corpus's `func.func` ops per shape, each
function in the first shape it matches, in the order of SHAPES."""

import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The shape of the first rounds of the bench (the `condBranch` of
# mlir/docs/BufferDeallocationInternals.md), kept to compare with them.
CONDBRANCH = """func.func @f{i}(%arg0: i1, %arg1: memref<8xf32>) -> f32 {{
  %c0 = arith.constant 0 : index
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg1 : memref<8xf32>)
^bb2:
  %0 = memref.alloc() : memref<8xf32>
  memref.copy %arg1, %0 : memref<8xf32> to memref<8xf32>
  cf.br ^bb3(%0 : memref<8xf32>)
^bb3(%1: memref<8xf32>):
  %v = memref.load %1[%c0] : memref<8xf32>
  return %v : f32
}}
"""

BRANCH = """func.func @branch{i}(%arg0: i1, %arg1: memref<8xf32>) -> (f32, memref<8xf32>) {{
  %c0 = arith.constant 0 : index
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg1 : memref<8xf32>)
^bb2:
  %0 = memref.alloc() : memref<8xf32>
  memref.copy %arg1, %0 : memref<8xf32> to memref<8xf32>
  cf.br ^bb3(%0 : memref<8xf32>)
^bb3(%1: memref<8xf32>):
  %v = memref.load %1[%c0] : memref<8xf32>
  %2 = memref.alloc() : memref<8xf32>
  %3 = arith.select %arg0, %2, %arg1 : memref<8xf32>
  memref.store %v, %3[%c0] : memref<8xf32>
  %4 = bufferization.clone %3 : memref<8xf32> to memref<8xf32>
  return %v, %4 : f32, memref<8xf32>
}}
"""

LOOP = """func.func @loop{i}(%arg0: memref<16xf32>, %lb: index, %ub: index, %step: index) -> memref<16xf32> {{
  %cst = arith.constant 1.000000e+00 : f32
  %0 = memref.alloc() : memref<16xf32>
  memref.copy %arg0, %0 : memref<16xf32> to memref<16xf32>
  %1 = scf.for %i = %lb to %ub step %step iter_args(%buf = %0) -> (memref<16xf32>) {{
    %2 = memref.alloc() : memref<16xf32>
    %v = memref.load %buf[%i] : memref<16xf32>
    %w = arith.addf %v, %cst : f32
    memref.store %w, %2[%i] : memref<16xf32>
    scf.yield %2 : memref<16xf32>
  }}
  return %1 : memref<16xf32>
}}
"""

REGION_RESULT = """func.func @ifresult{i}(%cond: i1, %arg0: memref<4x4xf32>) -> f32 {{
  %c0 = arith.constant 0 : index
  %0 = scf.if %cond -> (memref<4x4xf32>) {{
    %1 = memref.alloc() : memref<4x4xf32>
    memref.copy %arg0, %1 : memref<4x4xf32> to memref<4x4xf32>
    scf.yield %1 : memref<4x4xf32>
  }} else {{
    scf.yield %arg0 : memref<4x4xf32>
  }}
  %v = memref.load %0[%c0, %c0] : memref<4x4xf32>
  return %v : f32
}}
"""

CALL = """func.func private @make{i}(%n: index) -> memref<?xf32> {{
  %0 = memref.alloc(%n) : memref<?xf32>
  return %0 : memref<?xf32>
}}
func.func @call{i}(%n: index, %arg0: memref<?xf32>) -> f32 {{
  %c0 = arith.constant 0 : index
  %0 = call @make{i}(%n) : (index) -> memref<?xf32>
  memref.copy %arg0, %0 : memref<?xf32> to memref<?xf32>
  %v = memref.load %0[%c0] : memref<?xf32>
  return %v : f32
}}
"""

DYNAMIC = """func.func @dynamic{i}(%arg0: memref<?x?xf32>, %cond: i1) -> memref<?x?xf32> {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %arg0, %c0 : memref<?x?xf32>
  %d1 = memref.dim %arg0, %c1 : memref<?x?xf32>
  %0 = memref.alloc(%d0, %d1) : memref<?x?xf32>
  memref.copy %arg0, %0 : memref<?x?xf32> to memref<?x?xf32>
  %1 = memref.subview %0[0, 0] [%d0, 1] [1, 1] : memref<?x?xf32> to memref<?x1xf32, strided<[?, 1]>>
  %v = memref.load %1[%c0, %c0] : memref<?x1xf32, strided<[?, 1]>>
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  memref.store %v, %arg0[%c0, %c0] : memref<?x?xf32>
  return %0 : memref<?x?xf32>
^bb2:
  return %arg0 : memref<?x?xf32>
}}
"""

# `mlir-opt --buffer-deallocation-pipeline` (LLVM 22) on BRANCH.
BRANCH_DEALLOCATED = """func.func @branchd{i}(%arg0: i1, %arg1: memref<8xf32>) -> (f32, memref<8xf32>) {{
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %false = arith.constant false
  cf.cond_br %arg0, ^bb2(%arg1, %false : memref<8xf32>, i1), ^bb1
^bb1:  // pred: ^bb0
  %alloc = memref.alloc() : memref<8xf32>
  memref.copy %arg1, %alloc : memref<8xf32> to memref<8xf32>
  cf.br ^bb2(%alloc, %true : memref<8xf32>, i1)
^bb2(%0: memref<8xf32>, %1: i1):  // 2 preds: ^bb0, ^bb1
  %2 = memref.load %0[%c0] : memref<8xf32>
  %alloc_0 = memref.alloc() : memref<8xf32>
  %3 = arith.select %arg0, %alloc_0, %arg1 : memref<8xf32>
  memref.store %2, %3[%c0] : memref<8xf32>
  %4 = bufferization.clone %3 : memref<8xf32> to memref<8xf32>
  %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %0 : memref<8xf32> -> memref<f32>, index, index, index
  scf.if %1 {{
    memref.dealloc %base_buffer : memref<f32>
  }}
  memref.dealloc %alloc_0 : memref<8xf32>
  return %2, %4 : f32, memref<8xf32>
}}
"""

# A deallocated function that leaks when %arg0 is false (BL101).
LEAKING = """func.func @leak{i}(%arg0: i1, %arg1: memref<8xf32>) -> f32 {{
  %c0 = arith.constant 0 : index
  %0 = memref.alloc() : memref<8xf32>
  memref.copy %arg1, %0 : memref<8xf32> to memref<8xf32>
  %v = memref.load %0[%c0] : memref<8xf32>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  memref.dealloc %0 : memref<8xf32>
  cf.br ^bb2
^bb2:
  return %v : f32
}}
"""


def _deallocated_variants():
    return [BRANCH_DEALLOCATED, LEAKING]


# name -> (templates taken in turn, what the corpus census matches).
SHAPES = {
    "deallocated": (_deallocated_variants(),
                    re.compile(r"memref\.dealloc|bufferization\.dealloc")),
    "loop": ([LOOP], re.compile(r"scf\.(for|while|forall|parallel)|"
                                r"affine\.for")),
    "region-result": ([REGION_RESULT],
                      re.compile(r"=\s*scf\.(if|index_switch)")),
    "call": ([CALL], re.compile(r"\bcall\b|func\.call")),
    "dynamic": ([DYNAMIC], re.compile(r"memref<[^>]*\?")),
    "branch": ([BRANCH], re.compile(r"memref")),
}

_FUNC = re.compile(r"^\s*func\.func\b")


def _functions(text):
    """The text of each `func.func` of `text`, cut at the next one or at a
    `// -----` split marker."""
    bodies, current = [], None
    for line in text.split("\n"):
        if _FUNC.match(line) or line.startswith("// -----"):
            if current is not None:
                bodies.append("\n".join(current))
            current = [line] if _FUNC.match(line) else None
        elif current is not None:
            current.append(line)
    if current is not None:
        bodies.append("\n".join(current))
    return bodies


def corpus_proportions(corpus=os.path.join(ROOT, "test", "corpus")):
    """{shape: count} of the corpus's functions that hold a memref."""
    counts = {name: 0 for name in SHAPES}
    for directory, _, files in os.walk(corpus):
        if os.path.basename(directory) == "expected":
            continue
        for name in sorted(files):
            if not name.endswith(".mlir"):
                continue
            with open(os.path.join(directory, name)) as f:
                for body in _functions(f.read()):
                    for shape, (_, pattern) in SHAPES.items():
                        if pattern.search(body):
                            counts[shape] += 1
                            break
    return counts


def module(lines, shape="mix", counts=None):
    """The text of a module of at least `lines` lines, and its line count:
    functions of one shape (a name of SHAPES, or "condbranch"), or of all
    of them in the corpus's proportions ("mix"), interleaved so any slice of
    the module holds the same mixture (smooth weighted round robin)."""
    text, count, _ = module_by_shape(lines, shape, counts)
    return text, count


def module_by_shape(lines, shape="mix", counts=None):
    """module(), plus {shape: the text of its functions alone}."""
    if shape == "mix":
        counts = counts or corpus_proportions()
        weights = {s: c for s, c in counts.items() if c}
    elif shape == "condbranch":
        weights = None
    else:
        weights = {shape: 1}
    total = sum(weights.values()) if weights else 0
    credit = {s: 0 for s in (weights or {})}
    taken = {s: 0 for s in (weights or {})}
    parts, count, i = [], 0, 0
    alone = {}
    while count < lines:
        pick = "condbranch"
        if weights is None:
            template = CONDBRANCH
        else:
            for s in credit:
                credit[s] += weights[s]
            pick = max(credit, key=lambda s: credit[s])
            credit[pick] -= total
            variants = SHAPES[pick][0]
            template = variants[taken[pick] % len(variants)]
            taken[pick] += 1
        text = template.format(i=i)
        parts.append(text)
        alone.setdefault(pick, []).append(text)
        count += text.count("\n")
        i += 1
    return "".join(parts), count, {s: "".join(t) for s, t in alone.items()}
