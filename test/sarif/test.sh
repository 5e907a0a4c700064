#!/usr/bin/env bash
# `bufferlens lint --format sarif` against the SARIF 2.1.0 JSON schema
# and Microsoft's SARIF SDK validator (test/lit/cli/path-reports.test pins
# the log itself). Installs its npm
# packages from package-lock.json as the VS Code extension's suite does.
#   test.sh BUFFERLENS SOURCE_DIR
set -euo pipefail
bufferlens="$1"
source_dir="$2"
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
lock_hash="$(sha256sum package-lock.json | cut -d' ' -f1)"
if [[ "$(cat node_modules/.bl-lock-hash 2>/dev/null)" != "$lock_hash" ]]; then
  npm ci --loglevel=error --ignore-scripts >/dev/null
  echo "$lock_hash" >node_modules/.bl-lock-hash
fi
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
inputs="$source_dir/test/lit/cli/Inputs"
# Exit 1: the inputs have findings.
(cd "$inputs" && "$bufferlens" lint --stage deallocated --format sarif path.mlir >"$out/path.sarif") || [[ $? == 1 ]]
(cd "$inputs" && "$bufferlens" lint --format sarif abi.mlir >"$out/abi.sarif") || [[ $? == 1 ]]
# A log must have codeFlows to test them.
grep -q '"codeFlows"' "$out/path.sarif"
node validate.js "$out/path.sarif" "$out/abi.sarif"
# Microsoft's SARIF SDK validator: no error, and of its warnings only
# SARIF2005 (the tool has no informationUri: the project has no canonical
# address to give). Skipped where the SDK has no binary.
status=0
node multitool.js --warnings SARIF2005 "$out/path.sarif" "$out/abi.sarif" || status=$?
[[ $status == 0 || $status == 77 ]]
