#!/usr/bin/env bash
# README command 1: install what is missing, build, and run the main job on
# the bundled examples: lint them and write their diagrams.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
scripts/install-deps.sh
scripts/build.sh

out="$root/build/demo"
mkdir -p "$out"
status=0
build/bin/bufferlens lint examples/ | tee "$out/lint.txt" || status=$?
build/bin/bufferlens lint examples/ --format sarif > "$out/lint.sarif" || true
if build/bin/bufferlens graph --help >/dev/null 2>&1; then
  # Before and after the upstream deallocation pipeline, side by side.
  # Functions that already free memory have no "after": the pipeline rejects
  # existing frees, and graph reports that rather than draw a made-up graph.
  echo "Drawing input and pipeline graphs (files that already free memory"
  echo "get no pipeline graph: the upstream pipeline rejects existing frees)"
  for stage in input pipeline; do
    build/bin/bufferlens graph examples/ --all --stage "$stage" --format svg \
      -o "$out/graphs" || true
  done
fi
echo
echo "Findings:    $out/lint.txt (text) and $out/lint.sarif (SARIF 2.1.0)"
[ -d "$out/graphs" ] && echo "Diagrams:    $out/graphs/"
echo "lint exit code: $status (0 clean, 1 error findings, 2 usage or I/O error)"
