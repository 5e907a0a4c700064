#!/usr/bin/env bash
# Execution evidence for BL305 (redundant copy): every program here is run
# as written and again after `bufferlens lint --fix`, each lowered to LLVM
# with upstream's passes, linked with the MLIR runner utilities and run
# under valgrind (memcheck, leaks included). Both runs must be clean and
# print the same thing. Each file says how many BL305 findings it has on
# the text as written (`// BL305: N`), and how many `memref.copy` ops are
# left once every fix is applied (`// COPIES-AFTER-FIX: N`); a file where
# removal would be wrong says `// BL305: 0`, and its fixed text is the
# original. `// OUTPUT:` lines, when a file has them, are what it must
# print.
# usage: run-copies.sh BUFFERLENS [FILE...]   (default: every *.mlir here)
set -u
here=$(cd "$(dirname "$0")" && pwd)
bufferlens=$1
shift
files=("$@")
[[ ${#files[@]} -gt 0 ]] || files=("$here"/*.mlir)
. "$here/../lower-and-run.sh"

# run NAME MLIR: lower_and_run with no passes of its own.
run() {
  lower_and_run "$1" "$2"
}

count() { grep -c "$1" "$2" || true; }

failed=0
for f in "${files[@]}"; do
  name=$(basename "$f" .mlir)
  want=$(sed -n 's|^// BL305: *||p' "$f")
  want_copies=$(sed -n 's|^// COPIES-AFTER-FIX: *||p' "$f")
  cp "$f" "$tmp/$name.fixed.mlir"
  "$bufferlens" lint --format json "$f" >"$tmp/$name.json" 2>&1
  got=$(count '"code": "BL305"' "$tmp/$name.json")
  "$bufferlens" lint --fix "$tmp/$name.fixed.mlir" >/dev/null 2>&1
  copies=$(count 'memref\.copy' "$tmp/$name.fixed.mlir")
  left=$("$bufferlens" lint --format json "$tmp/$name.fixed.mlir" 2>&1 |
    count '"code": "BL305"' -)
  problem=""
  if [[ "$got" != "$want" ]]; then
    problem="$got BL305 findings, expected $want"
  elif [[ "$copies" != "$want_copies" ]]; then
    problem="$copies copies after --fix, expected $want_copies"
  elif [[ "$left" != 0 ]]; then
    problem="$left BL305 findings left after --fix"
  elif [[ "$want" == 0 ]] && ! cmp -s "$f" "$tmp/$name.fixed.mlir"; then
    problem="--fix changed a file with no BL305"
  elif ! why=$(run "$name.before" "$f"); then
    problem="as written: $why"
  elif ! why=$(run "$name.after" "$tmp/$name.fixed.mlir"); then
    problem="fixed: $why"
  elif ! diff -u "$tmp/$name.before.out" "$tmp/$name.after.out" \
    >"$tmp/$name.diff"; then
    problem="the fixed program prints something else: $(cat "$tmp/$name.diff")"
  elif [[ ! -s "$tmp/$name.before.out" ]]; then
    problem="the program prints nothing"
  elif grep -q '^// OUTPUT:' "$f" &&
    ! diff -u <(sed -n 's|^// OUTPUT: \{0,1\}||p' "$f") \
      "$tmp/$name.before.out" >"$tmp/$name.diff"; then
    problem="it prints something else than its OUTPUT lines: $(cat "$tmp/$name.diff")"
  fi
  if [[ -n "$problem" ]]; then
    echo "FAIL $name: $problem"
    failed=1
  else
    echo "ok $name: $got BL305, $(count 'memref\.copy' "$f") copies -> $copies, same output, valgrind clean"
  fi
done
exit $failed
