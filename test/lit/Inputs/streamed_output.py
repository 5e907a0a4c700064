#!/usr/bin/env python3
"""`bufferlens lint` prints each file's findings as soon as the files
before it are printed: with a small file first and a large one after it,
the small file's findings are all on stdout while the large one is still
being analysed, and a run killed then keeps them.

usage: streamed_output.py BUFFERLENS GEN_MODULE SMALL.mlir WORK_DIR"""

import os
import select
import signal
import subprocess
import sys


def main():
    bufferlens, gen_module, small, work = sys.argv[1:5]
    os.makedirs(work, exist_ok=True)
    # Files are linted in the order of their sorted paths: a.mlir first.
    with open(small) as f:
        text = f.read()
    small = os.path.join(work, "a.mlir")
    with open(small, "w") as f:
        f.write(text)
    big = os.path.join(work, "b.mlir")
    # Several seconds of analysis on one thread, so that the small file's
    # output cannot be explained by the whole run having ended.
    subprocess.run([sys.executable, gen_module, "300000", big], check=True)
    alone = subprocess.run([bufferlens, "lint", small], capture_output=True,
                           text=True).stdout
    if not alone:
        sys.exit("the small file has no findings to look for")
    proc = subprocess.Popen([bufferlens, "lint", "--jobs", "1", small, big],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    # Unbuffered reads, so that select() sees what the pipe still holds.
    seen = b""
    while len(seen) < len(alone.encode()):
        chunk = os.read(proc.stdout.fileno(), len(alone.encode()) - len(seen))
        if not chunk:
            break
        seen += chunk
    seen = seen.decode()
    # Printed whole at the end, the large file's findings would follow at
    # once; printed as they come, nothing follows for the seconds its
    # analysis takes.
    more, _, _ = select.select([proc.stdout], [], [], 1.0)
    running = proc.poll() is None
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    print("the small file's findings, in full:", seen == alone)
    print("while the large file was being analysed:", running and not more)


if __name__ == "__main__":
    main()
