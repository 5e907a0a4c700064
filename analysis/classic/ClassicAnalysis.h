//===- ClassicAnalysis.h - The classic BufferDeallocation as an analysis --===//
//
// Our implementation of the classic BufferDeallocation algorithm (upstream
// mlir/docs/BufferDeallocationInternals.md; MLIR 22 no longer ships the pass),
// run per function as an analysis: it fills AnalysisResult::classic with the
// plan (critical aliases, clones, deallocs, back edges, hoisting and
// promote-to-stack) and adds findings BL201, BL202, BL204, BL301, BL302,
// BL304 and BL401. The user's IR is never changed.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_CLASSIC_CLASSICANALYSIS_H
#define BUFFERLENS_ANALYSIS_CLASSIC_CLASSICANALYSIS_H

#include "analysis/model/Model.h"
#include "analysis/model/Options.h"

namespace bufferlens {

class SourceIndex;

/// The work of one function's classic plan in units that do not depend on
/// the machine (test/unit/ClassicAliasWorkTest.cpp).
struct ClassicStats {
  /// Values looked at to answer questions about whole alias sets
  /// (classic/AliasClosure.h): values of the sets resolved, and the values
  /// and edges of the components whose answers were folded.
  uint64_t aliasVisits = 0;
};

/// Analyses function `fn` (after computeBufferFacts) and appends its plan
/// to `index.result().classic`; adds its work to `stats`, if given.
void analyzeClassic(SourceIndex &index, FunctionId fn,
                    const AnalysisOptions &options,
                    ClassicStats *stats = nullptr);

/// Drops our BL204 where the ownership analysis already reports BL204 for
/// the same op: one diagnostic per problem (explain keeps both views).
void dropDuplicateClassicPreconditions(AnalysisResult &result);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_CLASSIC_CLASSICANALYSIS_H
