//===- GraphExport.h - Writing graph files for `graph` and `lint --graphs` ===//

#ifndef BUFFERLENS_CLI_GRAPHEXPORT_H
#define BUFFERLENS_CLI_GRAPHEXPORT_H

#include "analysis/model/Model.h"
#include "viz/Render.h"

#include <string>
#include <vector>

namespace bufferlens {

/// The file name of one graph in an output directory:
/// `<source stem>.<function>.<stage>.<ext>`, with characters that are not
/// safe in file names replaced by `_`.
std::string graphFileName(const std::string &sourceStem,
                          const std::string &function, const std::string &stage,
                          viz::GraphFormat format);

/// Writes `bytes` to `path` (created, or truncated), as `graph -o` and
/// `lint --graphs` write a graph. Returns empty on success, else why in a
/// few words ("Is a directory", "a FIFO with no reader"). Never blocks on
/// a FIFO nobody reads; one with a reader, or a device, is written to.
std::string writeGraphFile(const std::string &path, const std::string &bytes);

/// The source stems the graphs of `files` are named after, one per file and
/// all different: the file's stem where no other file has it, else its path
/// without the extension (`a/x.mlir` and `b/x.mlir` give `a/x` and `b/x`,
/// which graphFileName turns into `a_x` and `b_x`), and a `-2`, `-3`...
/// suffix where even those meet.
std::vector<std::string>
uniqueGraphStems(const std::vector<std::string> &files);

/// Writes the `input` graph of every function of `result` into `dir` (made
/// if missing), named after `stem` (uniqueGraphStems). Returns one line per
/// problem; empty on success.
std::vector<std::string> exportInputGraphs(const AnalysisResult &result,
                                           const std::string &sourcePath,
                                           const std::string &stem,
                                           const std::string &dir,
                                           viz::GraphFormat format);

} // namespace bufferlens

#endif // BUFFERLENS_CLI_GRAPHEXPORT_H
