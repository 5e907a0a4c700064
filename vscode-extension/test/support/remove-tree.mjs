// Removes a scratch directory that a process which just exited may still be
// writing to (VS Code flushes workspaceStorage from helper processes after the
// main one has gone). Node's rmSync retries ENOTEMPTY/EBUSY itself when asked;
// if the tree still cannot go, the test's result stands and the path is
// reported, because a leftover scratch directory is not a product failure.
import { rmSync } from 'node:fs';

export function removeTree(path) {
  try {
    rmSync(path, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  } catch (err) {
    console.error(`# could not remove ${path}: ${err.code ?? err.message}`);
  }
}
