#!/usr/bin/env python3
"""Many tiny frames in one stream: `bufferlens serve` against
`mlir-lsp-server` reading the same bytes from a file.

The stream is `initialize`, `initialized`, N notifications
`{"jsonrpc":"2.0","method":"$/tick"}` (LSP: a `$/` notification a server
does not know is ignored), `shutdown` and `exit`, written to a file and
given to each server as its stdin; each run is timed to the server's exit.
The server reads 64 KiB at a time, so each read holds about 1,200 frames:
the figure shows whether taking frames out of a read costs their number
or the read's size times their number.

usage: framing_bench.py --bufferlens PATH [--mlir-lsp-server PATH]
                        [--frames 100000,1000000] [--runs 3]
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def frame(message):
    body = json.dumps(message, separators=(",", ":")).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def write_stream(path, frames):
    tick = frame({"jsonrpc": "2.0", "method": "$/tick"})
    with open(path, "wb") as f:
        f.write(frame({"jsonrpc": "2.0", "id": 0, "method": "initialize",
                       "params": {"capabilities": {}}}))
        f.write(frame({"jsonrpc": "2.0", "method": "initialized",
                       "params": {}}))
        f.write(tick * frames)
        f.write(frame({"jsonrpc": "2.0", "id": 1, "method": "shutdown"}))
        f.write(frame({"jsonrpc": "2.0", "method": "exit"}))


def timed(cmd, path, runs):
    times = []
    for _ in range(runs):
        with open(path, "rb") as stdin:
            start = time.perf_counter()
            proc = subprocess.run(cmd, stdin=stdin, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
            times.append(time.perf_counter() - start)
        if proc.returncode != 0:
            sys.exit(f"{' '.join(cmd)} exited {proc.returncode}")
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bufferlens", required=True)
    parser.add_argument("--mlir-lsp-server",
                        default=shutil.which("mlir-lsp-server") or
                        "/usr/lib/llvm-22/bin/mlir-lsp-server")
    parser.add_argument("--frames", default="100000,1000000")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="framing-")
    print("| frames | bytes | bufferlens | mlir-lsp-server | ratio |")
    print("|---:|---:|---:|---:|---:|")
    for n in [int(v) for v in args.frames.split(",")]:
        path = os.path.join(workdir, f"ticks-{n}.bin")
        write_stream(path, n)
        ours = timed([args.bufferlens, "serve"], path, args.runs)
        theirs = timed([args.mlir_lsp_server], path, args.runs)
        print(f"| {n:,} | {os.path.getsize(path):,} | {ours:.2f} s | "
              f"{theirs:.2f} s | {ours / theirs:.2f}× |", flush=True)
    shutil.rmtree(workdir)


if __name__ == "__main__":
    main()
