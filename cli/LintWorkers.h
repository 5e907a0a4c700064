//===- LintWorkers.h - The threads `bufferlens lint --jobs N` starts ------===//
//
// `--jobs N` workers lint files in parallel; when there are fewer files than
// workers, the spare ones analyse parts of each file (analysis/parts/
// Partition.h), each part in an MLIR context of its own on a thread of its
// own. Those part threads are capped per file as the server caps one
// document's (`analysisThreads`): without the cap, `--jobs 100000` on one
// large file started a thread and an MLIR context for every 8 KiB of it
// (kMinPartBytes), gigabytes of memory for no gain.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_CLI_LINTWORKERS_H
#define BUFFERLENS_CLI_LINTWORKERS_H

#include "ide/IncrementalAnalysis.h"

#include <cstddef>

namespace bufferlens {

/// The most threads one file is analysed on, whatever `--jobs` says: the
/// server's bound on the parts of one document.
constexpr unsigned kMaxThreadsPerFile = kMaxOpenParts;

struct LintWorkers {
  unsigned fileWorkers = 1;    ///< Files linted at once.
  unsigned threadsPerFile = 1; ///< Threads each file's parts run on.
};

/// The workers for `jobs` (0: one per core) and `files` files.
LintWorkers planLintWorkers(unsigned jobs, size_t files);

} // namespace bufferlens

#endif // BUFFERLENS_CLI_LINTWORKERS_H
