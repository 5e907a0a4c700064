#!/usr/bin/env bash
# The hooks of .pre-commit-hooks.yaml under a real `pre-commit run`: in a
# scratch git repository whose .pre-commit-config.yaml declares the same
# hooks as `repo: local` (pre-commit cannot fetch this repository offline),
# a file with a leak fails `bufferlens-lint` with the finding in the output,
# `bufferlens-fix` fixes it (failing, as pre-commit does when a hook
# modifies files), and then both hooks pass. Then the budget as the README
# sets it up: `bufferlens-lint` with `args: [--baseline, FILE]` passes on a
# tensor program within the baseline and fails, with lint's line for the
# function, once a copy more is committed.
#
# usage: test.sh BUFFERLENS_BINARY
# Exit 77 (skipped) when pre-commit is not installed.
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
binary="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
if ! command -v pre-commit >/dev/null; then
  echo "pre-commit-hooks: skipped: pre-commit is not installed" \
    "(apt-get install pre-commit)"
  exit 77
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export PRE_COMMIT_HOME="$work/cache" PATH="$(dirname "$binary"):$PATH"
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
repo="$work/repo"
mkdir -p "$repo"
cd "$repo"
git init -q .

# Our hooks, each under `repo: local`, copied field by field.
python3 - "$root/.pre-commit-hooks.yaml" > .pre-commit-config.yaml <<'PY'
import sys, yaml
hooks = yaml.safe_load(open(sys.argv[1]))
yaml.safe_dump({"repos": [{"repo": "local", "hooks": hooks}]}, sys.stdout,
               sort_keys=False)
PY

cp "$root/test/lit/cli/Inputs/clean.mlir" good.mlir
cat > bad.mlir <<'MLIR'
func.func @leak_one_branch(%cond: i1) {
  %0 = memref.alloc() : memref<4xf32>
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  memref.dealloc %0 : memref<4xf32>
  return
^bb2:
  return
}
MLIR
echo "not ir" > notes.txt
git add .
git -c user.name=t -c user.email=t@t commit -q -m init

fail() {
  echo "pre-commit-hooks: FAIL: $1"
  echo "--- output:"
  cat "$work/out"
  exit 1
}
expect() { # expect STATUS HOOK: runs the hook on all files
  local status=0
  pre-commit run "$2" --all-files > "$work/out" 2>&1 || status=$?
  if [ "$status" != "$1" ]; then
    fail "$2 exited $status, expected $1"
  fi
}
contains() {
  grep -qF -- "$1" "$work/out" || fail "no line with: $1"
}

expect 1 bufferlens-lint
contains "bad.mlir:2:3: error: %0 leaks when %cond is false: ^bb0 -> ^bb2 -> return [BL101]"
contains "2 files linted: 1 error, 0 warnings, 0 other findings"

expect 1 bufferlens-fix
contains "files were modified by this hook"
contains "1 fix applied in 1 file"
grep -q '^  memref.dealloc %0 : memref<4xf32>$' bad.mlir ||
  fail "bad.mlir has no inserted dealloc"
cmp -s good.mlir "$root/test/lit/cli/Inputs/clean.mlir" ||
  fail "good.mlir was changed"

expect 0 bufferlens-fix
expect 0 bufferlens-lint
contains "bufferlens lint"
contains "Passed"
# The budget: a baseline written by lint, and the lint hook given it.
cp "$root/test/lit/cli/Inputs/budget-tensors/kernels.mlir" kernels.mlir
bufferlens lint --write-baseline .bufferlens-baseline.json kernels.mlir \
  > /dev/null 2>&1 || fail "lint --write-baseline"
python3 - <<'PY'
import yaml
config = yaml.safe_load(open(".pre-commit-config.yaml"))
for hook in config["repos"][0]["hooks"]:
    if hook["id"] == "bufferlens-lint":
        hook["args"] = ["--baseline", ".bufferlens-baseline.json"]
yaml.safe_dump(config, open(".pre-commit-config.yaml", "w"), sort_keys=False)
PY
git add .
expect 0 bufferlens-lint
cp "$root/test/lit/cli/Inputs/budget-tensors/kernels-more-copies.mlir" kernels.mlir
git add .
expect 1 bufferlens-lint
contains "kernels.mlir: @update: 2 copies, baseline 1"
echo "pre-commit-hooks: ok"
