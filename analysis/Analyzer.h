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

#include <functional>
#include <string_view>

namespace bufferlens {

/// Receives, once and on the analysing thread, the findings known before
/// the costly analyses run: MLIR's parse and verifier errors, the
/// deallocation checker's (functions that free memory) and the budget's
/// notes, with the user's settings applied. Each of them is in the complete
/// result too, unchanged, so a client shown these first sees the complete
/// set only add to them (the language server's first publish).
using EarlyFindingsHook = std::function<void(std::vector<Finding>)>;

/// `bufferName` is how MLIR diagnostics name the buffer (usually the path).
AnalysisResult analyzeDocument(TextRef text, std::string_view bufferName,
                               const AnalysisOptions &options,
                               const EarlyFindingsHook &early = nullptr);
/// The same on a copy of `text`.
AnalysisResult analyzeDocument(std::string_view text,
                               std::string_view bufferName,
                               const AnalysisOptions &options,
                               const EarlyFindingsHook &early = nullptr);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_ANALYZER_H
