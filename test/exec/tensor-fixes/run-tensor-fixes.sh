#!/usr/bin/env bash
# Execution evidence for the tensor view's quick fixes (BL501, BL502):
# every program here is bufferized by upstream's One-Shot Bufferize
# (bufferize-function-boundaries) and deallocation pipeline, lowered to
# LLVM, linked with the MLIR runner utilities and run under valgrind
# (memcheck, leaks included), as written and again after
# `bufferlens lint --fix`. Both runs must be clean and print the same
# thing: a fix that changes what a program computes must never be
# offered. Each file says how many fixes `lint --fix` applies to it
# (`// FIXES: N`).
# usage: run-tensor-fixes.sh BUFFERLENS [FILE...]   (default: every *.mlir here)
set -u
here=$(cd "$(dirname "$0")" && pwd)
bufferlens=$1
shift
files=("$@")
[[ ${#files[@]} -gt 0 ]] || files=("$here"/*.mlir)
. "$here/../lower-and-run.sh"

# run NAME MLIR: bufferizes MLIR as the fixes assume, then lower_and_run.
run() {
  lower_and_run "$1" "$2" \
    --one-shot-bufferize=bufferize-function-boundaries \
    --buffer-deallocation-pipeline --convert-bufferization-to-memref
}

failed=0
for f in "${files[@]}"; do
  name=$(basename "$f" .mlir)
  want=$(sed -n 's|^// FIXES: *||p' "$f")
  cp "$f" "$tmp/$name.fixed.mlir"
  applied=$("$bufferlens" lint --fix "$tmp/$name.fixed.mlir" 2>&1 |
    sed -n 's/^\([0-9]*\) fix.* applied.*/\1/p')
  applied=${applied:-0}
  problem=""
  if [[ "$applied" != "$want" ]]; then
    problem="lint --fix applied $applied fixes, expected $want"
  elif ! why=$(run "$name.before" "$f"); then
    problem="as written: $why"
  elif ! why=$(run "$name.after" "$tmp/$name.fixed.mlir"); then
    problem="fixed: $why"
  elif ! diff -u "$tmp/$name.before.out" "$tmp/$name.after.out" \
    >"$tmp/$name.diff"; then
    problem="the fixed program prints something else: $(cat "$tmp/$name.diff")"
  elif [[ ! -s "$tmp/$name.before.out" ]]; then
    problem="the program prints nothing"
  fi
  if [[ -n "$problem" ]]; then
    echo "FAIL $name: $problem"
    failed=1
  else
    echo "ok $name: $applied fixes, same output, valgrind clean"
    [[ -n "${BL_SHOW_OUTPUT:-}" ]] && cat "$tmp/$name.after.out"
  fi
done
exit $failed
