#!/usr/bin/env bash
# Recall and false-alarm rate of the deallocation checker against real
# execution, on freshly generated programs (test/exec/checker/generate.py):
# each is lowered and run for every combination of its i1 inputs by the
# execution harness, and the error kinds execution observed are compared
# with the kinds of BL101..BL104 findings. About 0.7 s per program.
#
# usage: bench/checker-recall.sh [FIRST_SEED LAST_SEED] (default 1000 1199)
# BUFFERLENS=path/to/bufferlens (default: bufferlens on PATH, else build/bin)
# KIND=NAME: cases of generate.py's kind NAME instead (e.g. callees)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
first=${1:-1000}
last=${2:-1199}
bl=${BUFFERLENS:-$(command -v bufferlens || echo "$here/build/bin/bufferlens")}
python3 "$here/test/exec/checker/compare.py" live --bufferlens "$bl" ${KIND:+--kind "$KIND"} "$first" "$last"
