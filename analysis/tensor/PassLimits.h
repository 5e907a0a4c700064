//===- PassLimits.h - One-Shot Bufferize under crash recovery and budget --===//
//
// Upstream's pass cannot poll BufferLens's BudgetMeter (FunctionBudget.h)
// and may crash (a dialect plugin's BufferizableOpInterface model with a
// bug, an upstream bug): each run of it is timed, and runs under
// llvm::CrashRecoveryContext, as upstream's own pass manager runs passes
// when it generates crash reproducers (mlir/lib/Pass/PassCrashRecovery.cpp).
// A run that crashes, or that takes more than one function's budget, is
// narrowed to the functions that do so alone (each run on its own); those
// leave the batch, and the others are analysed as usual
// (runTensorAnalysis's retry without failed functions). Crashes become the
// function's BL503; a function past its budget is reported by the caller
// as FunctionBudgets reports any other stage's (Analyzer.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_TENSOR_PASSLIMITS_H
#define BUFFERLENS_ANALYSIS_TENSOR_PASSLIMITS_H

#include "analysis/FunctionBudget.h"
#include "analysis/model/ModelTypes.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace bufferlens {

/// What one function's pass runs may cost while a ScopedTensorPassLimits
/// lives on the thread, and the functions found to cost more.
struct TensorPassLimits {
  /// A run's wall time in milliseconds (0: unbounded).
  uint64_t milliseconds = 0;
  /// How much a run may grow the resident set, in bytes (0: unbounded).
  uint64_t memoryBytes = 0;
  /// Time or Memory for a pass run; any of them for the release step,
  /// which polls a BudgetMeter (Releases.cpp), Polls at the backstop.
  using Exceeded = BudgetMeter::Exceeded;
  /// Functions that cost more run alone (or whose release step stopped at
  /// its meter), in the order they were found.
  std::vector<std::pair<FunctionId, Exceeded>> exceeded;
};

/// Makes `limits` apply to the tensor passes run on this thread while it
/// lives (for runTensorAnalysis's runs: not for the re-analyses of other
/// features).
class ScopedTensorPassLimits {
public:
  explicit ScopedTensorPassLimits(TensorPassLimits &limits);
  ~ScopedTensorPassLimits();
  ScopedTensorPassLimits(const ScopedTensorPassLimits &) = delete;
  ScopedTensorPassLimits &operator=(const ScopedTensorPassLimits &) = delete;

private:
  TensorPassLimits *previous;
};

/// The limits in force on this thread, or null.
TensorPassLimits *currentTensorPassLimits();

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_TENSOR_PASSLIMITS_H
