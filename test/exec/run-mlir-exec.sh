#!/bin/sh
# Shell entry point of the execution harness; see run-mlir-exec.py / README.md.
# usage: run-mlir-exec.sh [options] MODULE.mlir [DRIVER_SPEC]
command -v python3 >/dev/null 2>&1 || { echo "harness: python3 not found" >&2; exit 2; }
exec python3 "$(dirname "$0")/run-mlir-exec.py" "$@"
