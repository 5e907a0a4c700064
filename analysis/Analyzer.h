//===- Analyzer.h - Analyse one document ----------------------------------===//
//
// The entry point of analysis/: text in, AnalysisResult out. Parses, indexes
// the source, decides per function which analyses apply, runs them, and
// applies the user's suppressions, enabled checks and severities.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_ANALYZER_H
#define BUFFERLENS_ANALYSIS_ANALYZER_H

#include "analysis/model/Model.h"
#include "analysis/model/Options.h"

#include <string_view>

namespace bufferlens {

/// `bufferName` is how MLIR diagnostics name the buffer (usually the path).
AnalysisResult analyzeDocument(TextRef text, std::string_view bufferName,
                               const AnalysisOptions &options);
/// The same on a copy of `text`.
AnalysisResult analyzeDocument(std::string_view text,
                               std::string_view bufferName,
                               const AnalysisOptions &options);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_ANALYZER_H
