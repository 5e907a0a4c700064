#!/usr/bin/env bash
# Every test of the VS Code extension, from a fresh clone:
#   Debian packages (if missing) -> npm ci -> typecheck, bundle, .vsix ->
#   eslint -> unit tests -> graph page in headless Chromium -> end-to-end in code-server
#   (no server; scripted stub server; the real build/bin/bufferlens when it
#   serves LSP; the real server beside LLVM's vscode-mlir, built from
#   ../third_party/vscode-mlir with npm and cached, running mlir-lsp-server;
#   a linux-x64 .vsix that carries the server).
# Ends with the line "N passed, M failed" counting the suites that ran;
# exits non-zero when any failed. A suite that cannot run yet (the real
# server is not built) is reported as skipped and not counted.
#
# Environment: BL_E2E=0 skips the code-server suites; BL_SERVER=PATH tests
# another server binary in the real e2e suite.
set -uo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$HERE"
LOGS="$HERE/test-artifacts/logs"
mkdir -p "$LOGS"
export npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false

passed=0
failed=0
skipped=()
failures=()

now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

# suite NAME COMMAND...: runs one suite, logs to test-artifacts/logs/NAME.log.
suite() {
  local name="$1"
  shift
  local log="$LOGS/$name.log" t0 rc detail
  t0="$(now)"
  "$@" >"$log" 2>&1
  rc=$?
  detail="$(grep -E '^# (pass|fail) ' "$log" | tr '\n' ' ' | sed 's/# //g; s/ $//')"
  if [[ $rc -eq 0 ]]; then
    passed=$((passed + 1))
    echo "PASS  $name ($(secs "$t0" "$(now)") s${detail:+; $detail})"
  elif [[ $rc -eq 77 ]]; then
    skipped+=("$name")
    echo "SKIP  $name ($(secs "$t0" "$(now)") s): $(grep -m1 SKIPPED "$log" || tail -n1 "$log")"
  else
    failed=$((failed + 1))
    failures+=("$name")
    echo "FAIL  $name (exit $rc, $(secs "$t0" "$(now)") s${detail:+; $detail}); last lines of $log:"
    tail -n 60 "$log" | sed 's/^/      /'
  fi
  return $rc
}

summary() {
  ((${#skipped[@]})) && echo "skipped: ${skipped[*]}"
  ((${#failures[@]})) && echo "failed: ${failures[*]}"
  echo "$passed passed, $failed failed"
  [[ $failed -eq 0 ]]
  exit $?
}

# --- Debian packages -------------------------------------------------------
need=()
for p in chromium graphviz; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || need+=("$p")
done
if ((${#need[@]})); then
  t0="$(now)"
  if [[ "$(id -u)" == 0 ]]; then SUDO=(); else SUDO=(sudo); fi
  { "${SUDO[@]}" apt-get update -qq && DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -qq "${need[@]}"; } \
    >"$LOGS/apt.log" 2>&1 || { echo "apt-get install ${need[*]} failed (see $LOGS/apt.log)"; failed=$((failed + 1)); failures+=(setup); summary; }
  echo "setup: apt-get install ${need[*]} ($(secs "$t0" "$(now)") s)"
fi

# --- npm ci (skipped when node_modules already matches the lock file) ------
lock_hash="$(sha256sum package-lock.json | cut -d' ' -f1)"
if [[ "$(cat node_modules/.bl-lock-hash 2>/dev/null)" != "$lock_hash" ]]; then
  t0="$(now)"
  if npm ci --loglevel=error >"$LOGS/npm-ci.log" 2>&1; then
    echo "$lock_hash" >node_modules/.bl-lock-hash
    echo "setup: npm ci ($(secs "$t0" "$(now)") s)"
  else
    echo "npm ci failed:"; tail -n 30 "$LOGS/npm-ci.log"
    failed=$((failed + 1)); failures+=(setup); summary
  fi
else
  echo "setup: node_modules matches package-lock.json, npm ci skipped"
fi

# --- build: typecheck, bundle, package the .vsix ---------------------------
rm -f bufferlens-*.vsix
build() {
  # tsconfig.test.json covers src/ too: this is the typecheck.
  ./node_modules/.bin/tsc -p tsconfig.test.json &&
    npm run package
}
suite build build || summary
suite lint ./node_modules/.bin/eslint .

# --- tests -----------------------------------------------------------------
suite unit node --test out/test/unit/
suite webview node test/webview/webview.test.mjs

if [[ "${BL_E2E:-1}" != 0 ]]; then
  # Install code-server once, timed, so its cost shows apart from the tests.
  t0="$(now)"
  if bash scripts/install-code-server.sh >"$LOGS/install-code-server.log" 2>&1; then
    echo "setup: code-server ($(secs "$t0" "$(now)") s)"
    suite e2e-missing-server node test/e2e/run-e2e.mjs --server=missing
    suite e2e-stub-server node test/e2e/run-e2e.mjs --server=stub
    suite e2e-real-server node test/e2e/run-e2e.mjs --server=real
    suite e2e-beside-vscode-mlir node test/e2e/run-e2e.mjs --server=beside-vscode-mlir
    suite e2e-bundled-server node test/e2e/run-e2e.mjs --server=bundled
  else
    echo "FAIL  code-server install; last lines of $LOGS/install-code-server.log:"
    tail -n 40 "$LOGS/install-code-server.log" | sed 's/^/      /'
    failed=$((failed + 1)); failures+=(install-code-server)
  fi
else
  skipped+=(e2e)
fi

summary
