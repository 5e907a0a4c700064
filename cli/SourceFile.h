//===- SourceFile.h - Reading an input file for a command -----------------===//

#ifndef BUFFERLENS_CLI_SOURCEFILE_H
#define BUFFERLENS_CLI_SOURCEFILE_H

#include <string>

namespace bufferlens {

/// Reads `path` into `text`. On failure returns false with `error` saying
/// why in a few words ("cannot read the file", "binary file ...").
bool readSourceFile(const std::string &path, std::string &text,
                    std::string &error);

} // namespace bufferlens

#endif // BUFFERLENS_CLI_SOURCEFILE_H
