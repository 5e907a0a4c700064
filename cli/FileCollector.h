//===- FileCollector.h - Which files `bufferlens lint` reads --------------===//

#ifndef BUFFERLENS_CLI_FILECOLLECTOR_H
#define BUFFERLENS_CLI_FILECOLLECTOR_H

#include <string>
#include <vector>

namespace bufferlens {

struct CollectedFiles {
  std::vector<std::string> files;    ///< Sorted, without duplicates.
  std::vector<std::string> problems; ///< "path: what is wrong" lines.
};

/// Files as named; directories recursively for `*.mlir` (hidden directories
/// skipped). A directory without `.mlir` files, a missing path, or a path
/// that is not a regular file (a FIFO, a device: "x.mlir: skipped: not a
/// regular file (a FIFO)") is a problem; the others are still collected.
CollectedFiles collectFiles(const std::vector<std::string> &paths);

/// The `index`-th (1-based) of `count` deterministic slices of `files`.
std::vector<std::string> shard(const std::vector<std::string> &files,
                               unsigned index, unsigned count);

} // namespace bufferlens

#endif // BUFFERLENS_CLI_FILECOLLECTOR_H
