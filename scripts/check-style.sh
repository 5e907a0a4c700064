#!/usr/bin/env bash
# The formatters and linters, as CI runs them:
#   scripts/check-style.sh            clang-format (check only) on every C/C++
#                                     file git tracks, and ESLint on the
#                                     VS Code extension when its node_modules
#                                     is installed
#   scripts/check-style.sh --fix      the same, rewriting files in place
#   scripts/check-style.sh --cxx      clang-format only (ctest's `style`
#                                     test; the extension's suite runs
#                                     ESLint after its own npm ci)
#   scripts/check-style.sh --tidy [FILE...]
#                                     clang-tidy (../.clang-tidy) on FILEs,
#                                     default: the C++ files changed since
#                                     main's merge base; needs build/ (for
#                                     compile_commands.json)
# test/exec/exec_runtime.c keeps its compact C style and is not checked.
# Exits non-zero on any finding. clang-format is the one of MLIR 22's
# toolchain (clang-format-22), so every machine formats alike.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
format=$(command -v clang-format-22 || echo /usr/lib/llvm-22/bin/clang-format)
mode=check
case "${1:-}" in
--fix) mode=fix ;;
--cxx) mode=cxx ;;
--tidy) mode=tidy; shift ;;
"") ;;
*) echo "usage: $0 [--fix | --cxx | --tidy [FILE...]]" >&2; exit 2 ;;
esac

if [ "$mode" = tidy ]; then
  tidy=$(command -v clang-tidy-22 || echo /usr/lib/llvm-22/bin/clang-tidy)
  [ -f build/compile_commands.json ] || { echo "check-style: build first (scripts/build.sh)" >&2; exit 2; }
  files=("$@")
  if [ ${#files[@]} -eq 0 ]; then
    base=$(git merge-base HEAD main 2>/dev/null || git rev-parse HEAD~1)
    mapfile -t files < <(git diff --name-only "$base" -- '*.cpp' | grep -v '^test/' || true)
  fi
  [ ${#files[@]} -eq 0 ] && { echo "check-style: no C++ file to tidy"; exit 0; }
  exec "$tidy" -p build --quiet "${files[@]}"
fi

mapfile -t sources < <(git ls-files '*.cpp' '*.h')
if [ "$mode" = fix ]; then
  "$format" -i "${sources[@]}"
else
  "$format" --dry-run -Werror "${sources[@]}"
fi
echo "check-style: clang-format: ${#sources[@]} files formatted"

if [ "$mode" = cxx ]; then
  exit 0
elif [ -d vscode-extension/node_modules ]; then
  fix=()
  [ "$mode" = fix ] && fix=(--fix)
  (cd vscode-extension && ./node_modules/.bin/eslint "${fix[@]}" .)
  echo "check-style: eslint: clean"
else
  echo "check-style: eslint skipped (run npm ci in vscode-extension/ first)"
fi
