#!/usr/bin/env bash
# action.yml's steps, run locally in order with every input at its default
# (test/action/run_action.py), on a workspace holding a copy of examples/:
# the SARIF log they write is valid SARIF 2.1.0 with exactly the results in
# examples.expected, and the upload step is handed that file. Then the
# `baseline` input on a tensor program: a budget written by
# `lint --write-baseline` passes, one a copy under it fails the job after
# the upload, with lint's line for the function.
#
# usage: test.sh BUFFERLENS_BINARY (put on PATH: the `bufferlens` input's
# default uses the one on PATH). Exit 77 (skipped) without PyYAML.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
bin_dir="$(cd "$(dirname "$1")" && pwd)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r "$root/examples" "$work/examples"

status=0
PATH="$bin_dir:$PATH" python3 "$here/run_action.py" "$root" "$work" \
  > "$work/steps.log" 2>&1 || status=$?
cat "$work/steps.log"
[ "$status" = 77 ] && exit 77
fail() {
  echo "github-action: FAIL: $1"
  exit 1
}
[ "$status" = 0 ] || fail "the action's steps exited $status"
grep -qxF "uses github/codeql-action/upload-sarif@v3 sarif_file=bufferlens.sarif" \
  "$work/steps.log" || fail "upload-sarif is not given bufferlens.sarif"
grep -qF "step lint: exit 0, outputs [('exit-code', '0'), ('sarif-file', 'bufferlens.sarif')]" \
  "$work/steps.log" || fail "the lint step's outputs"

python3 "$root/test/lit/cli/Inputs/check_sarif.py" "$work/bufferlens.sarif"
python3 - "$work/bufferlens.sarif" > "$work/results" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
for r in run["results"]:
    loc = r["locations"][0]["physicalLocation"]
    print("%s:%d:%d %s %s" % (loc["artifactLocation"]["uri"],
                              loc["region"]["startLine"],
                              loc["region"]["startColumn"], r["ruleId"],
                              r["level"]))
PY
diff -u "$here/examples.expected" "$work/results" ||
  fail "results differ from examples.expected"
# The budget: a second workspace holding a tensor program.
budget="$work/budget"
mkdir -p "$budget/tensors"
cp "$root/test/lit/cli/Inputs/budget-tensors/kernels.mlir" "$budget/tensors/"
(cd "$budget" && "$bin_dir/bufferlens" lint --write-baseline budget.json \
  tensors > /dev/null 2>&1) || fail "lint --write-baseline"
python3 - "$budget/budget.json" "$budget/tight.json" <<'PY'
import json, sys
baseline = json.load(open(sys.argv[1]))
baseline["files"]["tensors/kernels.mlir"]["update"]["copies"] = 0
json.dump(baseline, open(sys.argv[2], "w"))
PY
run_budget() { # run_budget BASELINE: the action's status; its log in $work/steps.log
  local status=0
  PATH="$bin_dir:$PATH" python3 "$here/run_action.py" "$root" "$budget" \
    paths=tensors baseline="$1" > "$work/steps.log" 2>&1 || status=$?
  cat "$work/steps.log"
  return "$status"
}
run_budget budget.json || fail "the action fails within its baseline"
grep -qF "step lint: exit 0, outputs [('exit-code', '0'), ('sarif-file', 'bufferlens.sarif')]" \
  "$work/steps.log" || fail "the lint step's outputs within the baseline"
status=0
run_budget tight.json || status=$?
[ "$status" = 1 ] || fail "over its baseline, the action exited $status, not 1"
grep -qxF "tensors/kernels.mlir: @update: 1 copy, baseline 0" "$work/steps.log" ||
  fail "no line for @update's copy over the baseline"
grep -qF "step lint: exit 0, outputs [('exit-code', '1'), ('sarif-file', 'bufferlens.sarif')]" \
  "$work/steps.log" || fail "the lint step's outputs over the baseline"
grep -qxF "uses github/codeql-action/upload-sarif@v3 sarif_file=bufferlens.sarif" \
  "$work/steps.log" || fail "upload-sarif is not given the log over the baseline"
echo "github-action: ok"
