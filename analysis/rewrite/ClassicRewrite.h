//===- ClassicRewrite.h - The classic plan applied to a copy of the IR ----===//
//
// `bufferlens rewrite --strategy classic`: inserts the clones and deallocs
// of each function's stored ClassicPlan into the caller's own parse of the
// same text, so the plan can be read (and run) as IR. No analysis runs
// here.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_CLASSIC_CLASSICREWRITE_H
#define BUFFERLENS_ANALYSIS_CLASSIC_CLASSICREWRITE_H

#include "analysis/model/Model.h"
#include "analysis/model/Options.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bufferlens {

class SourceIndex;

/// Applies every computed plan of `result` to the module `index` indexes,
/// which must come from parsing the text `result` was computed from.
/// Returns false (and why) when the module does not match the result.
bool applyClassicPlan(SourceIndex &index, const AnalysisResult &result,
                      std::string &error);

/// Analyses `text`, applies the classic plan to a fresh parse and prints
/// the module. Functions without a plan are printed unchanged; `notes`
/// says which and why. nullopt (and `error`) when the text does not parse.
std::optional<std::string> rewriteClassic(std::string_view text,
                                          std::string_view bufferName,
                                          const AnalysisOptions &options,
                                          std::string &error,
                                          std::vector<std::string> &notes);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_CLASSIC_CLASSICREWRITE_H
