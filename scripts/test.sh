#!/usr/bin/env bash
# README command 2: install what is missing, build, and run every test suite
# through ctest (GoogleTest units, lit + FileCheck, and the suites that
# register themselves with ctest). Ends with ctest's summary.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
scripts/install-deps.sh
scripts/build.sh
cd build
ctest --output-on-failure -j "$(nproc)"
