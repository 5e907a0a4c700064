#!/usr/bin/env bash
# The shell steps of action.yml, one subcommand per step:
#   install  finds bufferlens (INPUT_BUFFERLENS, else PATH, else builds this
#            repository) and records it in $GITHUB_ENV as BUFFERLENS_BIN
#   lint     lints INPUT_PATHS into INPUT_SARIF_FILE (against the budget
#            INPUT_BASELINE when set: lint --baseline); outputs `sarif-file`
#            and `exit-code` (exit codes 0 and 1 do not fail the step, so
#            the log is uploaded; 2, a usage or I/O error, does)
#   verdict  fails when INPUT_FAIL_ON_FINDINGS is true and lint exited 1
#            (error findings, or a function over the baseline)
# It runs in GITHUB_WORKSPACE, with GITHUB_ENV and GITHUB_OUTPUT files as
# on a runner (test/action/test.sh provides them locally).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "${GITHUB_WORKSPACE:-.}"

case "${1:-}" in
install)
  binary="${INPUT_BUFFERLENS:-}"
  if [ -z "$binary" ]; then
    binary="$(command -v bufferlens || true)"
  fi
  if [ -z "$binary" ]; then
    bash "$root/scripts/install-deps.sh"
    cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release
    cmake --build "$root/build" --target bufferlens
    binary="$root/build/bin/bufferlens"
  fi
  if [ ! -x "$binary" ]; then
    echo "::error title=bufferlens::not an executable: $binary"
    exit 2
  fi
  binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
  "$binary" --version
  echo "BUFFERLENS_BIN=$binary" >> "$GITHUB_ENV"
  ;;
lint)
  sarif="${INPUT_SARIF_FILE:-bufferlens.sarif}"
  status=0
  baseline=()
  if [ -n "${INPUT_BASELINE:-}" ]; then
    baseline=(--baseline "$INPUT_BASELINE")
  fi
  # Word splitting on purpose: paths and args are space-separated lists.
  # shellcheck disable=SC2086
  "${BUFFERLENS_BIN:?run the install step first}" lint --format sarif \
    "${baseline[@]}" ${INPUT_ARGS:-} ${INPUT_PATHS:-.} > "$sarif" || status=$?
  echo "sarif-file=$sarif" >> "$GITHUB_OUTPUT"
  echo "exit-code=$status" >> "$GITHUB_OUTPUT"
  echo "bufferlens lint exited $status; SARIF log in $sarif"
  [ "$status" -le 1 ]
  ;;
verdict)
  if [ "${INPUT_FAIL_ON_FINDINGS:-true}" = true ] &&
    [ "${LINT_EXIT_CODE:-0}" != 0 ]; then
    echo "::error title=bufferlens::bufferlens lint found errors or counts over the baseline (exit code $LINT_EXIT_CODE)"
    exit 1
  fi
  ;;
*)
  echo "usage: github-action.sh install|lint|verdict" >&2
  exit 2
  ;;
esac
