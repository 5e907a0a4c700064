#!/usr/bin/env bash
# Execution evidence for the classic plan: for every executable variant of a
# example of mlir/docs/BufferDeallocationInternals.md here, `bufferlens rewrite --strategy classic` inserts the
# plan's clones and deallocs, and test/exec's harness lowers the result and
# runs it for every combination of the entry's i1 arguments. Each file's
# `// EXEC:` line is the harness spec, its `// EXPECT:` lines the verdicts
# (all `ok`: no leak, double free or invalid access); the harness's output
# must be exactly those lines.
# usage: run-classic.sh BUFFERLENS [FILE...]   (default: every *.mlir here)
set -u
here=$(cd "$(dirname "$0")" && pwd)
bufferlens=$1
shift
files=("$@")
[[ ${#files[@]} -gt 0 ]] || files=("$here"/*.mlir)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
for f in "${files[@]}"; do
  name=$(basename "$f" .mlir)
  spec=$(sed -n 's|^// EXEC: *||p' "$f")
  if ! "$bufferlens" rewrite --strategy classic "$f" >"$tmp/$name.mlir" 2>"$tmp/$name.err"; then
    echo "FAIL $name: rewrite failed: $(cat "$tmp/$name.err")"
    failed=1
    continue
  fi
  python3 "$here/../run-mlir-exec.py" "$tmp/$name.mlir" "$spec" >"$tmp/$name.out" 2>&1
  sed -n 's|^// EXPECT: ||p' "$f" >"$tmp/$name.want"
  if diff -u "$tmp/$name.want" "$tmp/$name.out" >"$tmp/$name.diff"; then
    echo "ok $name: $(wc -l <"$tmp/$name.want") combinations"
  else
    echo "FAIL $name:"
    cat "$tmp/$name.diff"
    failed=1
  fi
done
exit $failed
