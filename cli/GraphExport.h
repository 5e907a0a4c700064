//===- GraphExport.h - Writing graph files for `graph` and `lint --graphs`
//-===//

#ifndef BUFFERLENS_CLI_GRAPHEXPORT_H
#define BUFFERLENS_CLI_GRAPHEXPORT_H

#include "analysis/Model.h"
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

/// Writes the `input` graph of every function of `result` into `dir` (made
/// if missing). Returns one line per problem; empty on success.
std::vector<std::string> exportInputGraphs(const AnalysisResult &result,
                                           const std::string &sourcePath,
                                           const std::string &dir,
                                           viz::GraphFormat format);

} // namespace bufferlens

#endif // BUFFERLENS_CLI_GRAPHEXPORT_H
