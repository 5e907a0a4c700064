#!/usr/bin/env python3
"""Run an MLIR module that frees its own buffers and report, for every
combination of the entry function's i1 arguments, whether it leaks,
double-frees, frees something it does not own, or touches freed memory.

usage: run-mlir-exec.py [options] MODULE.mlir [DRIVER_SPEC]

DRIVER_SPEC is one string of whitespace-separated tokens (when it is absent,
the tokens of every `// EXEC: ...` line of MODULE are used):

  @NAME             entry function (default: the only public function
                    with a body)
  argK=V            fix the K-th argument (0-based): i1 0/1 (not enumerated
                    then), integer / index / float value, or for a memref
                    the dynamic dimensions, e.g. arg1=8 or arg1=4x8
  index=V           value of index / integer arguments not fixed (default 4)
  dim=V             size of dynamic memref dimensions not fixed (default 4)
  dealloc-pipeline  run `mlir-opt --buffer-deallocation-pipeline` first
                    (implies lower-bufferization)
  lower-bufferization
                    run `--convert-bufferization-to-memref` (lowers
                    bufferization.clone / bufferization.dealloc)
  no-keep           do not protect unused memref.alloc / memref.load results
                    from dead-code elimination (see README.md)
  expand-realloc    run `--expand-realloc` first: memref.realloc becomes an
                    alloc, a copy and a free of the old buffer

Output: one line per combination, `combo arg0=1 arg2=0: VERDICT`, where
VERDICT is `ok` or a comma-separated list of `double-free`, `invalid-free`,
`use-after-free`, `out-of-bounds`, `crash SIG...`, `timeout`,
`returns-argument`, `returns-freed`, `returns-untracked`, `leak N`.
Exit code: 0 every combination ok, 1 some error observed, 2 harness failure.
See README.md.
"""

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
LLVM_BIN = os.environ.get("BL_LLVM_BIN", "/usr/lib/llvm-22/bin")
LLVM_LIB = os.environ.get("BL_LLVM_LIB", os.path.join(os.path.dirname(LLVM_BIN), "lib"))
CC = os.environ.get("CC", "cc")

LOWERING = [
    "--llvm-request-c-wrappers",
    "--convert-linalg-to-loops",
    "--expand-strided-metadata",
    "--lower-affine",
    "--convert-scf-to-cf",
    "--finalize-memref-to-llvm=use-generic-functions=true",
    "--convert-math-to-llvm",
    "--convert-math-to-libm",
    "--convert-arith-to-llvm",
    "--convert-index-to-llvm",
    "--convert-cf-to-llvm",
    "--convert-func-to-llvm",
    "--reconcile-unrealized-casts",
]


class HarnessError(Exception):
    pass


def fail(msg):
    raise HarnessError(msg)


def tool(name):
    path = os.path.join(LLVM_BIN, name)
    if not os.access(path, os.X_OK):
        fail(f"missing tool {path} (apt-get install -y mlir-22-tools llvm-22-tools, "
             f"or point BL_LLVM_BIN at the LLVM 22 bin directory)")
    return path


def run(cmd, what, timeout=120):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           timeout=timeout)
    except FileNotFoundError:
        fail(f"{what}: cannot execute {cmd[0]}")
    except subprocess.TimeoutExpired:
        fail(f"{what}: timed out after {timeout}s: {' '.join(cmd)}")
    if p.returncode != 0:
        fail(f"{what} failed (exit {p.returncode}): {' '.join(cmd)}\n{p.stderr.strip()}")
    return p


# ---- signature parsing ------------------------------------------------------

def split_top(s, sep=","):
    """Split s at `sep` outside (), [], {}, <> (ignoring the `>` of `->`)."""
    parts, depth, cur, i = [], 0, [], 0
    while i < len(s):
        c = s[i]
        if c == "-" and i + 1 < len(s) and s[i + 1] == ">":
            cur.append("->")
            i += 2
            continue
        if c in "([{<":
            depth += 1
        elif c in ")]}>":
            depth -= 1
        if c == sep and depth == 0:
            parts.append("".join(cur).strip())
            cur = []
        else:
            cur.append(c)
        i += 1
    if "".join(cur).strip():
        parts.append("".join(cur).strip())
    return parts


def matching(s, start):
    """Index of the bracket closing the one at s[start]."""
    depth, i = 0, start
    while i < len(s):
        c = s[i]
        if c == "-" and i + 1 < len(s) and s[i + 1] == ">":
            i += 2
            continue
        if c in "([{<":
            depth += 1
        elif c in ")]}>":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    fail("unbalanced brackets in a function signature")


def strip_attr_dict(t):
    """`memref<2xf32> {foo}` -> `memref<2xf32>`."""
    t = t.strip()
    if t.endswith("}"):
        j = 0
        depth = 0
        for j in range(len(t) - 1, -1, -1):
            if t[j] == "}":
                depth += 1
            elif t[j] == "{":
                depth -= 1
                if depth == 0:
                    break
        t = t[:j].strip()
    return t


FUNC_RE = re.compile(r'^\s*func\.func\s+(?:(private|public|nested)\s+)?@("[^"]*"|[\w$.\-]+)\(')


def parse_functions(text):
    funcs = []
    for line in text.splitlines():
        m = FUNC_RE.match(line)
        if not m:
            continue
        vis, name = m.group(1), m.group(2).strip('"')
        open_i = m.end() - 1
        close_i = matching(line, open_i)
        args = []
        for a in split_top(line[open_i + 1:close_i]):
            if ":" in a and a.startswith("%"):
                a = a.split(":", 1)[1]
            args.append(strip_attr_dict(a))
        rest = line[close_i + 1:].strip()
        results = []
        if rest.startswith("->"):
            rest = rest[2:].strip()
            if rest.startswith("("):
                end = matching(rest, 0)
                results = [strip_attr_dict(r) for r in split_top(rest[1:end])]
                rest = rest[end + 1:].strip()
            else:
                tokens = split_top(rest, " ")
                results = [tokens[0]]
                rest = " ".join(tokens[1:])
        has_body = rest.endswith("{")
        funcs.append({"name": name, "vis": vis or "public", "args": args,
                      "results": results, "body": has_body})
    return funcs


INT_RE = re.compile(r"^i(\d+)$")
ELEM_BYTES = {"index": 8, "f16": 2, "bf16": 2, "f32": 4, "f64": 8}


def elem_bytes(t):
    m = INT_RE.match(t)
    if m:
        return max(1, (int(m.group(1)) + 7) // 8)
    if t in ELEM_BYTES:
        return ELEM_BYTES[t]
    fail(f"unsupported memref element type {t}")


def scalar_ctype(t):
    if t == "i1":
        return "bool"
    if t == "index" or t == "i64":
        return "int64_t"
    m = INT_RE.match(t)
    if m and int(m.group(1)) in (8, 16, 32):
        return f"int{m.group(1)}_t"
    if t == "f32":
        return "float"
    if t == "f64":
        return "double"
    return None


def parse_memref(t):
    if not t.startswith("memref<") or not t.endswith(">"):
        return None
    body = t[len("memref<"):-1]
    if body.startswith("*"):
        fail(f"unranked memref arguments / results are not supported: {t}")
    parts = split_top(body)
    # Leading `4x?x` dimensions, then the element type (which may itself
    # contain an x: `index`, `complex<f32>`).
    m = re.match(r"^((?:(?:\?|\d+)x)*)(.+)$", parts[0])
    dims = [d for d in m.group(1).split("x") if d]
    elem = m.group(2)
    shape = [None if d == "?" else int(d) for d in dims]
    layout_strides, layout_offset = None, 0
    for p in parts[1:]:
        m = re.match(r"^strided<\[([^\]]*)\](?:,\s*offset:\s*(\?|-?\d+))?>$", p)
        if m:
            ss = [s.strip() for s in m.group(1).split(",") if s.strip()]
            layout_strides = [None if s == "?" else int(s) for s in ss]
            if m.group(2) and m.group(2) != "?":
                layout_offset = int(m.group(2))
        else:
            fail(f"unsupported memref layout or memory space `{p}` in {t}")
    return {"shape": shape, "elem": elem, "strides": layout_strides, "offset": layout_offset}


# ---- stub generation ----------------------------------------------------------

def desc_typename(rank):
    return f"bl_desc{rank}"


def desc_typedef(rank):
    if rank == 0:
        return "typedef struct { void *allocated, *aligned; int64_t offset; } bl_desc0;"
    return (f"typedef struct {{ void *allocated, *aligned; int64_t offset; "
            f"int64_t sizes[{rank}]; int64_t strides[{rank}]; }} {desc_typename(rank)};")


def c_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def generate_stub(func, spec):
    args, results = func["args"], func["results"]
    lines = ["#include <stdbool.h>", "#include <stdint.h>", "#include <stddef.h>",
             "void *bl_arg_buffer(size_t bytes);", "void bl_returned(void *allocated);"]
    ranks = set()
    setup, call_args, params, bit_names = [], [], [], []
    for k, t in enumerate(args):
        key = f"arg{k}"
        fixed = spec["fixed"].get(key)
        mr = parse_memref(t)
        if t == "i1":
            params.append("bool")
            if fixed is None:
                call_args.append(f"bits[{len(bit_names)}]")
                bit_names.append(key)
            else:
                if fixed not in ("0", "1", "true", "false"):
                    fail(f"{key}=... must be 0 or 1 for an i1 argument")
                call_args.append("true" if fixed in ("1", "true") else "false")
        elif mr is not None:
            rank = len(mr["shape"])
            ranks.add(rank)
            params.append(f"{desc_typename(rank)} *")
            dyn = [i for i, d in enumerate(mr["shape"]) if d is None]
            if fixed is not None:
                vals = [int(v) for v in fixed.split("x")]
                if len(vals) != len(dyn):
                    fail(f"{key}={fixed}: {t} has {len(dyn)} dynamic dimension(s)")
            else:
                vals = [spec["dim"]] * len(dyn)
            sizes = list(mr["shape"])
            for i, v in zip(dyn, vals):
                sizes[i] = v
            strides, acc = [0] * rank, 1
            for i in range(rank - 1, -1, -1):
                strides[i] = acc
                acc *= sizes[i]
            if mr["strides"] is not None:
                for i, s in enumerate(mr["strides"]):
                    if s is not None:
                        strides[i] = s
            offset = mr["offset"]
            extent = 1 + sum((sz - 1) * st for sz, st in zip(sizes, strides)) if all(sizes) else 0
            nbytes = (offset + extent) * elem_bytes(mr["elem"])
            setup.append(f"  a{k}.allocated = a{k}.aligned = bl_arg_buffer({nbytes});")
            setup.append(f"  a{k}.offset = {offset};")
            for i in range(rank):
                setup.append(f"  a{k}.sizes[{i}] = {sizes[i]}; a{k}.strides[{i}] = {strides[i]};")
            lines.append(f"static {desc_typename(rank)} a{k};")
            call_args.append(f"&a{k}")
        else:
            ct = scalar_ctype(t)
            if ct is None:
                fail(f"unsupported argument type {t} ({key})")
            params.append(ct)
            if fixed is not None:
                val = fixed
            elif ct in ("float", "double"):
                val = "1.0"
            else:
                val = str(spec["index"])
            if not re.match(r"^-?[0-9.eE+-]+$", val):
                fail(f"{key}={val}: not a number")
            call_args.append(val)

    # Results (C interface: one scalar result is returned directly, a memref
    # or several results are written through a pointer passed first).
    res_fields, returned = [], []
    for i, t in enumerate(results):
        mr = parse_memref(t)
        if mr is not None:
            rank = len(mr["shape"])
            ranks.add(rank)
            res_fields.append((f"{desc_typename(rank)}", f"r{i}", True))
        else:
            ct = scalar_ctype(t)
            if ct is None:
                fail(f"unsupported result type {t}")
            res_fields.append((ct, f"r{i}", False))
    ret_type, pre_params = "void", []
    if len(results) == 1 and not res_fields[0][2]:
        ret_type = res_fields[0][0]
    elif len(results) == 1:
        pre_params = [f"{res_fields[0][0]} *"]
    elif len(results) > 1:
        lines.append("typedef struct { " + " ".join(f"{ct} {n};" for ct, n, _ in res_fields)
                     + " } bl_results;")
        pre_params = ["bl_results *"]
    for r in sorted(ranks):
        lines.insert(5, desc_typedef(r))
    sym = f"_mlir_ciface_{func['name']}"
    lines.append(f"extern {ret_type} {sym}({', '.join(pre_params + params) or 'void'});")
    lines.append(f"const int bl_nbits = {len(bit_names)};")
    names = ", ".join(c_string(n) for n in bit_names) or "0"
    lines.append(f"const char *const bl_bit_names[] = {{{names}}};")
    lines.append("void bl_setup(void) {")
    lines.extend(setup)
    lines.append("}")
    lines.append("void bl_call(const bool *bits) {")
    lines.append("  (void)bits;")
    actual = list(call_args)
    if len(results) == 1 and res_fields[0][2]:
        lines.append(f"  {res_fields[0][0]} res0;")
        actual = ["&res0"] + actual
        returned = ["res0.allocated"]
    elif len(results) > 1:
        lines.append("  bl_results res;")
        actual = ["&res"] + actual
        returned = [f"res.{n}.allocated" for _, n, is_m in res_fields if is_m]
    if ret_type != "void":
        lines.append(f"  (void){sym}({', '.join(actual)});")
    else:
        lines.append(f"  {sym}({', '.join(actual)});")
    # Report each returned buffer once (two results sharing one buffer are
    # reported once: the caller would free it once).
    for i, r in enumerate(returned):
        dup = " && ".join(f"{r} != {q}" for q in returned[:i]) or "1"
        lines.append(f"  if ({dup}) bl_returned({r});")
    lines.append("}")
    return "\n".join(lines) + "\n", bit_names


# ---- keeping allocations and loads observable ----------------------------------

ALLOC_LINE = re.compile(r"^(\s*)(%[\w.$\-]+) = memref\.alloc\b.* : (memref<.*>)\s*$")
LOAD_LINE = re.compile(r"^(\s*)(%[\w.$\-]+) = memref\.load\b.* : (memref<.*>)\s*$")


def add_keep_uses(text):
    """After every `memref.alloc` and `memref.load` (in mlir-opt's printed
    form), call an external no-op function on its result. The greedy pattern
    drivers in the lowering passes (expand-strided-metadata,
    convert-linalg-to-loops, ...) erase unused allocations and loads as
    trivially dead, which would hide a leaked unused buffer or a read of freed
    memory whose value is unused. Returns (new text, [(symbol, type)])."""
    decls = {}
    out = []
    for line in text.splitlines():
        out.append(line)
        m = ALLOC_LINE.match(line)
        t = None
        if m:
            t = m.group(3)
            if parse_memref_or_none(t) is None:
                continue
        else:
            m = LOAD_LINE.match(line)
            if m:
                mr = parse_memref_or_none(m.group(3))
                if mr is None or scalar_ctype(mr["elem"]) is None:
                    continue
                t = mr["elem"]
        if t is None:
            continue
        sym = decls.setdefault(t, f"__bl_keep_{len(decls)}")
        out.append(f"{m.group(1)}func.call @{sym}({m.group(2)}) : ({t}) -> ()")
    if not decls:
        return text, []
    for i, line in enumerate(out):
        if line.startswith("module"):
            out[i + 1:i + 1] = [f"  func.func private @{sym}({t})" for t, sym in decls.items()]
            break
    else:
        fail("unexpected mlir-opt output (no top-level `module`)")
    return "\n".join(out) + "\n", [(sym, t) for t, sym in decls.items()]


def parse_memref_or_none(t):
    try:
        return parse_memref(t)
    except HarnessError:
        return None


def keep_definitions(keeps):
    lines = []
    for sym, t in keeps:
        if t.startswith("memref<"):
            lines.append(f"void _mlir_ciface_{sym}(void *d) {{ (void)d; }}")
        else:
            lines.append(f"void _mlir_ciface_{sym}({scalar_ctype(t)} v) {{ (void)v; }}")
    return "\n".join(lines) + "\n"


# ---- main -----------------------------------------------------------------------

def parse_spec(tokens):
    spec = {"entry": None, "fixed": {}, "index": 4, "dim": 4,
            "pipeline": False, "lower_bufferization": False, "keep": True,
            "expand_realloc": False}
    for tok in tokens:
        if tok.startswith("@"):
            spec["entry"] = tok[1:]
        elif tok == "dealloc-pipeline":
            spec["pipeline"] = True
            spec["lower_bufferization"] = True
        elif tok == "lower-bufferization":
            spec["lower_bufferization"] = True
        elif tok == "no-keep":
            spec["keep"] = False
        elif tok == "expand-realloc":
            spec["expand_realloc"] = True
        elif re.match(r"^arg\d+=\S+$", tok):
            k, v = tok.split("=", 1)
            spec["fixed"][k] = v
        elif re.match(r"^(index|dim)=-?\d+$", tok):
            k, v = tok.split("=", 1)
            spec[k] = int(v)
        else:
            fail(f"unknown DRIVER_SPEC token `{tok}` (see --help)")
    return spec


def main():
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("module")
    ap.add_argument("spec", nargs="?", default=None)
    ap.add_argument("--timeout", type=int, default=10, help="seconds per combination (default 10)")
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory")
    ap.add_argument("--verbose", "-v", action="store_true",
                    help="print the commands and every alloc/free event to stderr")
    ap.add_argument("--only", type=int, default=None, help="run one combination (index)")
    opts = ap.parse_args()

    tmp = tempfile.mkdtemp(prefix="bl-exec-")
    try:
        return run_harness(opts, tmp)
    except HarnessError as e:
        print(f"harness: {opts.module}: {e}", file=sys.stderr)
        return 2
    finally:
        if opts.keep:
            print(f"harness: kept {tmp}", file=sys.stderr)
        else:
            shutil.rmtree(tmp, ignore_errors=True)


def runtime_object(tmp, step):
    """exec_runtime.c compiled once per content and compiler, cached in
    $BL_EXEC_CACHE (default: a per-user directory under the temp dir)."""
    src = os.path.join(HERE, "exec_runtime.c")
    with open(src, "rb") as f:
        key = hashlib.sha1(f.read() + CC.encode()).hexdigest()[:16]
    cache = os.environ.get("BL_EXEC_CACHE") or os.path.join(
        tempfile.gettempdir(), f"bl-exec-cache-{os.getuid()}")
    obj = os.path.join(cache, f"exec_runtime-{key}.o")
    if os.path.exists(obj):
        return obj
    tmp_obj = os.path.join(tmp, "exec_runtime.o")
    step([CC, "-O1", "-w", "-c", src, "-o", tmp_obj], "compiling exec_runtime.c")
    try:
        os.makedirs(cache, exist_ok=True)
        part = f"{obj}.{os.getpid()}"
        shutil.copyfile(tmp_obj, part)
        os.replace(part, obj)  # atomic: concurrent runs never see half a file
        return obj
    except OSError:
        return tmp_obj


def run_harness(opts, tmp):
    mlir_opt, mlir_translate, llc = tool("mlir-opt"), tool("mlir-translate"), tool("llc")
    opt = tool("opt")
    if shutil.which(CC) is None:
        fail(f"no C compiler `{CC}` (set CC)")
    try:
        with open(opts.module, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        fail(f"cannot read module: {e}")
    if opts.spec is not None:
        tokens = opts.spec.split()
    else:
        tokens = []
        for line in text.splitlines():
            m = re.match(r"^\s*//\s*EXEC:(.*)$", line)
            if m:
                tokens += m.group(1).split()
    spec = parse_spec(tokens)

    def step(cmd, what):
        if opts.verbose:
            print("harness: $ " + " ".join(cmd), file=sys.stderr)
        return run(cmd, what)

    pre = os.path.join(tmp, "pre.mlir")
    cmd = [mlir_opt, opts.module, "-o", pre]
    if spec["pipeline"]:
        cmd.insert(1, "--buffer-deallocation-pipeline")
    if spec["expand_realloc"]:
        cmd.insert(1, "--expand-realloc")
    if spec["lower_bufferization"]:
        cmd.append("--convert-bufferization-to-memref")
    step(cmd, "parsing" + (" / deallocation pipeline" if spec["pipeline"] else ""))
    with open(pre, encoding="utf-8") as f:
        pre_text = f.read()
    if re.search(r"^\s*(%[^=]*=\s*)?bufferization\.\w+", pre_text, re.M):
        fail("the module contains bufferization ops; add `lower-bufferization` to the spec")

    funcs = parse_functions(pre_text)
    if spec["entry"]:
        cands = [f for f in funcs if f["name"] == spec["entry"] and f["body"]]
        if not cands:
            fail(f"no function @{spec['entry']} with a body "
                 f"(functions: {', '.join('@' + f['name'] for f in funcs) or 'none'})")
    else:
        cands = [f for f in funcs if f["body"] and f["vis"] == "public"]
        if len(cands) != 1:
            fail("name the entry function with @NAME in the spec "
                 f"(public functions: {', '.join('@' + f['name'] for f in cands) or 'none'})")
    func = cands[0]
    for k in spec["fixed"]:
        if int(k[3:]) >= len(func["args"]):
            fail(f"{k}: @{func['name']} has {len(func['args'])} argument(s)")

    stub, bit_names = generate_stub(func, spec)
    if len(bit_names) > 12:
        fail(f"{len(bit_names)} i1 arguments ({2 ** len(bit_names)} combinations); "
             "fix some with argK=0|1")
    keeps = []
    if spec["keep"]:
        pre_text, keeps = add_keep_uses(pre_text)
        with open(pre, "w", encoding="utf-8") as f:
            f.write(pre_text)
    stub_c = os.path.join(tmp, "stub.c")
    with open(stub_c, "w", encoding="utf-8") as f:
        f.write(stub + keep_definitions(keeps))

    low = os.path.join(tmp, "low.mlir")
    step([mlir_opt, pre] + LOWERING + ["-o", low], "lowering to the LLVM dialect")
    ll = os.path.join(tmp, "module.ll")
    step([mlir_translate, "--mlir-to-llvmir", low, "-o", ll], "mlir-translate")
    # Every function but the entry's C wrapper gets internal linkage: the
    # module's functions keep their MLIR names, and one named like a C
    # library function (@read, @write, @free) would otherwise replace it
    # for the runtime too (the runtime's read() of its pipe called @read).
    internal = os.path.join(tmp, "module.internal.ll")
    step([opt, "-S", "-passes=internalize",
          f"-internalize-public-api-list=_mlir_ciface_{func['name']}",
          ll, "-o", internal], "opt (internalize)")
    obj = os.path.join(tmp, "module.o")
    step([llc, "-O0", "-filetype=obj", "-relocation-model=pic", internal, "-o", obj], "llc")
    exe = os.path.join(tmp, "driver")
    link = [CC, "-O0", "-w", "-o", exe, stub_c, runtime_object(tmp, step), obj, "-lm"]
    with open(ll, encoding="utf-8") as f:
        needs_runtime = "@memrefCopy" in f.read()
    if needs_runtime:
        lib = os.path.join(LLVM_LIB, "libmlir_c_runner_utils.so")
        if not os.path.exists(lib):
            fail(f"the module needs memrefCopy from {lib}, which is missing")
        link += [lib, f"-Wl,-rpath,{LLVM_LIB}"]
    step(link, "compiling and linking the driver")

    drv = [exe, "--timeout", str(opts.timeout)]
    if opts.only is not None:
        drv += ["--only", str(opts.only)]
    if opts.verbose:
        drv.append("--verbose")
    try:
        p = subprocess.run(drv, stdout=subprocess.PIPE, text=True,
                           timeout=opts.timeout * (2 ** len(bit_names)) + 30)
    except subprocess.TimeoutExpired:
        fail("the driver did not finish")
    sys.stdout.write(p.stdout)
    sys.stdout.flush()
    if p.returncode not in (0, 1, 2):
        fail(f"the driver failed (exit {p.returncode})")
    if p.returncode == 2:
        print(f"harness: {opts.module}: the driver reported a harness error", file=sys.stderr)
    return p.returncode


if __name__ == "__main__":
    sys.exit(main())
