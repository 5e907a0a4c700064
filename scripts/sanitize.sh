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
# AcmePlugin: the dialect plugin the dialects tests load (test/plugin);
# bufferlens-docs: the man page and completions the packaging test installs.
cmake --build "$dir" --target bufferlens bufferlens_unittests generate-bufferized \
  AcmePlugin bufferlens-docs

# Symbolized stacks; a report is fatal (exit code 66 unless the process
# catches the signal first). The server and `lint` leak a crashed
# analysis's memory on purpose (ide/CrashIsolation.h); LeakSanitizer
# still reports every other leak at exit.
symbolizer="$(command -v llvm-symbolizer || echo /usr/lib/llvm-22/bin/llvm-symbolizer)"
export ASAN_SYMBOLIZER_PATH="$symbolizer"
export TSAN_SYMBOLIZER_PATH="$symbolizer"
# ASan, LSan and TSan write to files under $reports instead of stderr
# (log_path, one file per reporting process), printed after ctest: a test
# that runs `not bufferlens ...` or ignores a subprocess's exit status (the
# protocol tests' `lint` and `explain` calls) would otherwise pass over a
# report. A file with a report (each ends with a SUMMARY line) fails the
# run; a file with warnings only is printed. (After
# a crash the analysis deliberately recovers from, ASan warns that it ignores
# __asan_handle_no_return on the alternate signal stack: no report.)
# UBSan's reports stay on stderr (GCC's combined runtime ignores log_path
# for them); halt_on_error makes them end the process with exit code 66.
reports="$root/$dir/sanitizer-reports"
rm -rf "$reports"
mkdir -p "$reports"
# allow_user_poisoning=0: LLVM's BumpPtrAllocator poisons and unpoisons its
# slabs by hand when the code including llvm/Support/Allocator.h is built with
# ASan (LLVM_ADDRESS_SANITIZER_BUILD, llvm/Support/Compiler.h). Our objects are;
# Debian's MLIR archives are not. The linker keeps one copy of each inline
# allocator function, so a slab poisoned by our copy is then filled by MLIR's
# uninstrumented code without the matching unpoison, and every MLIRContext
# reports a use-after-poison in Dialect::addType. Ignoring manual poisoning
# keeps every report ASan's own instrumentation makes.
export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=0:exitcode=66:detect_stack_use_after_return=0:allow_user_poisoning=0:log_path=$reports/asan}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:exitcode=66}"
# Reports inside uninstrumented code are suppressed by frame, each with its
# reason (scripts/tsan.supp).
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1:exitcode=66:second_deadlock_stack=1:suppressions=$root/scripts/tsan.supp:print_suppressions=0:log_path=$reports/tsan}"
# Graphviz and the font libraries it loads keep caches until exit; those
# reports are suppressed by library (scripts/lsan.supp), nothing of ours.
export LSAN_OPTIONS="${LSAN_OPTIONS:-exitcode=66:suppressions=$root/scripts/lsan.supp:print_suppressions=0}"

cd "$dir"
if [ $# -eq 0 ]; then
  # Everything but the editors' end-to-end suites, the execution harness
  # and the packages (they run other programs, not ours, for most of their
  # time; packaging-deb also needs the man page and completions built).
  set -- -E '^(vscode-extension|lsp-neovim-e2e|exec-harness-selftest|fuzz|packaging-deb)$'
fi
status=0
ctest --output-on-failure -j "$(nproc)" "$@" || status=$?
shopt -s nullglob
failed=0
for file in "$reports"/*; do
  echo "==== $file"
  cat "$file"
  if grep -q '^SUMMARY: ' "$file"; then
    failed=$((failed + 1))
  fi
done
if [ "$failed" -gt 0 ]; then
  echo "sanitize.sh: $failed process(es) with sanitizer reports in $reports" >&2
  [ "$status" -ne 0 ] || status=1
fi
exit "$status"
