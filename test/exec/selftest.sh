#!/usr/bin/env bash
# Self-test of the execution harness: runs run-mlir-exec.py on every
# inputs/*.mlir and inputs/src/*.mlir (spec from their `// EXEC:` lines) and
# checks
#   - every `// EXPECT: combo ...: VERDICT` line appears exactly in the output
#     and the output has no other combination line (one check per line),
#   - the exit code (one check per file): `// EXPECT-EXIT: N` if present,
#     else 0 when every expected verdict is `ok` and 1 otherwise,
# plus a few checks of the harness's own error handling.
# Prints the failures and a final line `N passed, M failed`; exits 1 on any
# failure. JOBS=N sets the parallelism (default: number of CPUs).
set -u
cd "$(dirname "$0")"
HARNESS=./run-mlir-exec.py
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

files=(inputs/*.mlir inputs/src/*.mlir)
start=$(date +%s.%N)

# Run the harness on every file in parallel; outputs go to $tmp/<n>.{out,err,rc}.
for i in "${!files[@]}"; do printf '%s %s\n' "$i" "${files[$i]}"; done |
  xargs -P "$jobs" -L 1 sh -c \
    'python3 "$1" "$4" >"$2/$3.out" 2>"$2/$3.err"; echo $? >"$2/$3.rc"' \
    _ "$HARNESS" "$tmp"
# (sh gets: $1 the harness, $2 the tmp dir, then from xargs $3 the index, $4 the file)

pass=0
fail=0
ok() { pass=$((pass + 1)); }
ko() { fail=$((fail + 1)); printf 'FAIL %s\n' "$*"; }

for i in "${!files[@]}"; do
  f=${files[$i]}
  out=$tmp/$i.out
  touch "$out" "$tmp/$i.err"
  rc=$(cat "$tmp/$i.rc" 2>/dev/null || echo missing)
  expected=$(sed -n 's|^// EXPECT: ||p' "$f")
  want_rc=$(sed -n 's|^// EXPECT-EXIT: *||p' "$f")
  if [[ -z $want_rc ]]; then
    if [[ -z $expected ]]; then
      ko "$f: no // EXPECT lines"
      continue
    fi
    if grep -qv ': ok$' <<<"$expected"; then want_rc=1; else want_rc=0; fi
  fi
  if [[ -n $expected ]]; then
    while IFS= read -r line; do
      if grep -qxF -- "$line" "$out"; then ok; else
        got=$(grep -F -- "${line%%: *}:" "$out" | head -1)
        ko "$f: expected '$line', got '${got:-nothing}'"
      fi
    done <<<"$expected"
    while IFS= read -r line; do
      [[ -z $line ]] && continue
      grep -qxF -- "$line" <<<"$expected" || ko "$f: unexpected output line '$line'"
    done <"$out"
  fi
  if [[ $rc == "$want_rc" ]]; then ok; else
    ko "$f: exit code $rc, expected $want_rc"
    sed 's/^/    /' "$tmp/$i.err" | head -20
  fi
done

# Harness error handling.
msg=$(BL_LLVM_BIN=/nonexistent python3 "$HARNESS" inputs/bug_double_free.mlir 2>&1 >/dev/null)
rc=$?
if [[ $rc == 2 && $msg == *"missing tool /nonexistent/mlir-opt"* ]]; then ok; else
  ko "missing tool: exit $rc, message '$msg'"
fi
python3 "$HARNESS" inputs/bug_double_free.mlir "@double_free bogus-token" >/dev/null 2>&1
rc=$?
if [[ $rc == 2 ]]; then ok; else ko "unknown spec token: exit $rc, expected 2"; fi
# A spec on the command line replaces the // EXEC: lines.
got=$(python3 "$HARNESS" inputs/bug_double_free.mlir "@double_free arg0=1" 2>&1)
if [[ $got == "combo: double-free" ]]; then ok; else ko "fixed i1 argument: got '$got'"; fi

end=$(date +%s.%N)
awk -v s="$start" -v e="$end" -v n="${#files[@]}" -v j="$jobs" \
  'BEGIN { printf "selftest: %d files in %.1f s (%d jobs)\n", n, e - s, j }'
echo "$pass passed, $fail failed"
[[ $fail == 0 ]]
