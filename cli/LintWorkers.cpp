//===- LintWorkers.cpp ----------------------------------------------------===//

#include "cli/LintWorkers.h"

#include <algorithm>
#include <thread>

using namespace bufferlens;

LintWorkers bufferlens::planLintWorkers(unsigned jobs, size_t files) {
  if (jobs == 0)
    jobs = std::max(1u, std::thread::hardware_concurrency());
  size_t someFiles = std::max<size_t>(1, files);
  LintWorkers out;
  // Fewer files than jobs: the spare workers analyse parts of the files.
  out.threadsPerFile =
      std::clamp<unsigned>(jobs / someFiles, 1, kMaxThreadsPerFile);
  out.fileWorkers = unsigned(std::min<size_t>(jobs, someFiles));
  return out;
}
