#!/usr/bin/env bash
# Builds the libFuzzer targets (test/fuzz) with Debian's clang 22 under
# ASan+UBSan and runs each: first its regression inputs (every crash found
# so far), then a bounded run from its seeds.
#
#   scripts/fuzz.sh [BUILD_DIR [LIBS_FROM]]   default: build-fuzz
#   BUFFERLENS_FUZZ_SECONDS=600 BUFFERLENS_FUZZ_RUNS=-1 BUFFERLENS_FUZZ_SEED=0 \
#     scripts/fuzz.sh                          a long run with a random seed
#
# By default each run is reproducible (seed 1, 6,000 inputs; 2,000 for
# the session target, whose inputs cost more): the test
# suite's gate, which fails only on a crash some change brought in.
#
# Only the fuzz targets and the libraries they link are built (our code,
# instrumented; MLIR and LLVM are Debian's archives). With LIBS_FROM (a
# built gcc build directory of this tree) only the protocol sources are
# compiled with clang, and fuzz-analysis links the analyses uninstrumented:
# minutes instead of a second full build (test/fuzz/CMakeLists.txt). Inputs that crash are
# written to BUILD_DIR/test/fuzz/crash-TARGET-*: fix the bug, then add the
# input to test/fuzz/regressions/TARGET/.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="${1:-$root/build-fuzz}"
from="${2:-}"
clang="${CLANGXX:-clang++-22}"
command -v "$clang" >/dev/null || {
  echo "fuzz.sh: $clang not found (Debian packages clang-22 libclang-rt-22-dev)" >&2
  exit 2
}
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER="$clang" -DCMAKE_C_COMPILER="${clang/clang++/clang}" \
  "${launcher[@]}" -DBUFFERLENS_FUZZ=ON -DBUFFERLENS_SANITIZE=address,undefined \
  -DBUFFERLENS_FUZZ_SECONDS="${BUFFERLENS_FUZZ_SECONDS:-120}" \
  -DBUFFERLENS_FUZZ_RUNS="${BUFFERLENS_FUZZ_RUNS:-6000}" \
  -DBUFFERLENS_FUZZ_SEED="${BUFFERLENS_FUZZ_SEED:-1}" \
  -DBUFFERLENS_FUZZ_LIBS_FROM="$from" >/dev/null
targets=(fuzz-framing fuzz-session fuzz-analysis fuzz-config fuzz-uri)
cmake --build "$dir" --target "${targets[@]}"
export ASAN_SYMBOLIZER_PATH="${ASAN_SYMBOLIZER_PATH:-/usr/lib/llvm-22/bin/llvm-symbolizer}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
cd "$dir"
ctest --output-on-failure -L fuzz
