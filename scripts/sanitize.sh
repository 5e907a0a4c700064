#!/usr/bin/env bash
# Builds BufferLens with sanitizers into its own directory and runs the unit,
# lit and protocol suites under them:
#
#   scripts/sanitize.sh asan [ctest args...]   # AddressSanitizer + UBSan
#   scripts/sanitize.sh tsan [ctest args...]   # ThreadSanitizer
#
# The build directory is build-asan or build-tsan (a full build of our code:
# nothing is shared with ./build). Any report fails the suite that hit it:
# UBSan does not recover, and ASan/TSan end the process on their first report.
# Extra arguments go to ctest, e.g. `-R lsp-protocol`.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

kind="${1:-}"
case "$kind" in
  asan) sanitizers="address,undefined" ;;
  tsan) sanitizers="thread" ;;
  *) echo "usage: scripts/sanitize.sh asan|tsan [ctest args...]" >&2; exit 2 ;;
esac
shift
dir="build-$kind"

launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
# -O1 and minimal debug information (-g1: functions and line tables), as
# the sanitizers' documentation suggests for speed: stacks still name file
# and line, and the MLIR-heavy sources compile faster than with -O2 -g.
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
  "${launcher[@]}" -DBUFFERLENS_SANITIZE="$sanitizers"
cmake --build "$dir" --target bufferlens bufferlens_unittests generate-bufferized

# Symbolized stacks; a report is fatal (exit code 66 unless the process
# catches the signal first). The server and `lint` leak a crashed
# analysis's memory on purpose (server/CrashIsolation.h); LeakSanitizer
# still reports every other leak at exit.
symbolizer="$(command -v llvm-symbolizer || echo /usr/lib/llvm-22/bin/llvm-symbolizer)"
export ASAN_SYMBOLIZER_PATH="$symbolizer"
export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=0:exitcode=66:detect_stack_use_after_return=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:exitcode=66}"
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1:exitcode=66:second_deadlock_stack=1}"
# Graphviz and the font libraries it loads keep caches until exit; those
# reports are suppressed by library (scripts/lsan.supp), nothing of ours.
export LSAN_OPTIONS="${LSAN_OPTIONS:-exitcode=66:suppressions=$root/scripts/lsan.supp:print_suppressions=0}"

cd "$dir"
if [ $# -eq 0 ]; then
  # Everything but the editors' end-to-end suites and the execution
  # harness (they run other programs, not ours, for most of their time).
  set -- -E '^(vscode-extension|lsp-neovim-e2e|exec-harness-selftest|fuzz)$'
fi
ctest --output-on-failure -j "$(nproc)" "$@"
