#!/usr/bin/env bash
# Configures and builds BufferLens into ./build (incremental on re-runs).
# With ccache installed (scripts/install-deps.sh installs it), compiles go
# through it with paths taken relative to this checkout, so a second clone
# elsewhere, or a build after `rm -rf build`, reuses the objects of the
# first instead of compiling the MLIR-heavy sources again (most of a build).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR="$root" CCACHE_NOHASHDIR=1
fi
if [ ! -f build/build.ninja ]; then
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "${launcher[@]}"
fi
cmake --build build
