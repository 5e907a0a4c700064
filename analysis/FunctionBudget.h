//===- FunctionBudget.h - What one function's analysis may cost -*- C++ -*-===//
//
// AnalysisOptions::FunctionBudget, applied. The operation count is known
// before any analysis and bounds time and memory alike on every machine, so
// the same file gives the same findings in CI and in the editor. The clock
// is a backstop: every stage that runs per function (buffer facts, the
// classic plan, the checker, upstream's ownership pass) charges the time it
// took to that function, and a function past the budget loses its findings
// and gets one info finding instead. A stage is not interrupted.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_FUNCTIONBUDGET_H
#define BUFFERLENS_ANALYSIS_FUNCTIONBUDGET_H

#include "analysis/model/Model.h"
#include "analysis/model/Options.h"

#include <chrono>
#include <string>
#include <vector>

namespace bufferlens {

class FunctionBudgets {
public:
  using Duration = std::chrono::steady_clock::duration;

  FunctionBudgets(AnalysisResult &result,
                  const AnalysisOptions::FunctionBudget &budget);

  /// False (and the function skipped) when it has more operations than the
  /// budget allows.
  bool fitsOperations(FunctionId fn);

  /// Adds `took` to the function's time. False once the total is past the
  /// budget: the function is then marked not analysed, and finish() drops
  /// its findings.
  bool charge(FunctionId fn, Duration took);

  /// Drops the coded findings inside every function skipped for its time
  /// (they may come from several stages, interleaved with other
  /// functions'). MLIR's own errors stay, and so do the first `published`
  /// findings (already shown as early findings, and true: their stage
  /// finished).
  void finish(size_t published = 0);

private:
  void skip(FunctionId fn, std::string why);

  AnalysisResult &result;
  const AnalysisOptions::FunctionBudget &budget;
  std::vector<Duration> spent;
  std::vector<FunctionId> outOfTime;
};

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_FUNCTIONBUDGET_H
