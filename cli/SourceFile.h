//===- SourceFile.h - Reading an input file for a command -----------------===//

#ifndef BUFFERLENS_CLI_SOURCEFILE_H
#define BUFFERLENS_CLI_SOURCEFILE_H

#include "support/RegularFile.h"

#include <cstddef>
#include <string>

namespace bufferlens {

/// The largest `.mlir` file read. The analyses address a text by 32-bit
/// offsets (SourceRange), so past 4 GiB a text cannot be analysed at all;
/// the bound below that makes a larger file (or one growing without end)
/// an error of its own rather than memory exhausted reading it.
constexpr size_t kMaxSourceFileBytes = size_t(1) << 30;

/// Reads the regular file `path` into `text` (support/RegularFile.h), and
/// its stamp into `stamp` when not null. On failure returns false with
/// `error` saying why in a few words ("cannot read the file: not a regular
/// file (a FIFO)", "binary file ...").
bool readSourceFile(const std::string &path, std::string &text,
                    std::string &error, FileStamp *stamp = nullptr);

} // namespace bufferlens

#endif // BUFFERLENS_CLI_SOURCEFILE_H
