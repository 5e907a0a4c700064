#!/usr/bin/env python3
"""Runs two `bufferlens` binaries over every `.mlir` file under the given
folders and reports each file whose output or exit status differs.

A change that should not change any finding is held to this: keep a copy of
the binary before the change, build, then

    python3 bench/compare_lint.py --old /tmp/bufferlens-old \\
        --new build/bin/bufferlens examples test

Each file is run as `lint --jobs 1 --format F FILE` for every format of
--formats (json by default), and as `rewrite --strategy classic FILE` with
--rewrite. Exit status 1 when any output differs.
"""

import argparse
import concurrent.futures
import os
import subprocess
import sys


def commands(path, formats, rewrite):
    for fmt in formats:
        yield ["lint", "--jobs", "1", "--format", fmt, path]
    if rewrite:
        yield ["rewrite", "--strategy", "classic", path]


def run(binary, args, timeout):
    try:
        done = subprocess.run([binary] + args, capture_output=True,
                              timeout=timeout)
        return done.returncode, done.stdout
    except subprocess.TimeoutExpired:
        return "timeout", b""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", required=True)
    parser.add_argument("--new", required=True)
    parser.add_argument("--formats", default="json",
                        help="comma-separated: text,json,sarif,github")
    parser.add_argument("--rewrite", action="store_true",
                        help="compare `rewrite --strategy classic` too")
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("folders", nargs="+")
    args = parser.parse_args()

    files = sorted(
        os.path.join(root, name)
        for folder in args.folders
        for root, _, names in os.walk(folder)
        for name in names if name.endswith(".mlir"))
    jobs = [(path, cmd) for path in files
            for cmd in commands(path, args.formats.split(","), args.rewrite)]

    def compare(job):
        path, cmd = job
        old = run(args.old, cmd, args.timeout)
        new = run(args.new, cmd, args.timeout)
        return path, cmd, old == new

    differ = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for path, cmd, same in pool.map(compare, jobs):
            if not same:
                differ += 1
                print("DIFFERS: " + " ".join(cmd), flush=True)
    print(f"{len(files)} files, {len(jobs)} runs, {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
