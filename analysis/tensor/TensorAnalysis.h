//===- TensorAnalysis.h - One-Shot Bufferize on tensor functions, explained
//===//
//
// For the functions that still work on tensors (IR before One-Shot
// Bufferize), runs upstream's `one-shot-bufferize` pass with
// `bufferize-function-boundaries` and its other options at their defaults
// twice on one copy of the functions: once as `test-analysis-only
// print-conflicts` (the in-place decisions and the read-after-write conflict
// behind each out-of-place operand, InPlaceDecisions.cpp), whose markers
// are then taken off (AnalysisMarkers.cpp), once for real (the allocations
// and copies the bufferized functions have, BufferizedEffects.cpp). Both are
// mapped back to the user's ops (TaggedClone's location tags) and become
// AnalysisResult::tensor and the findings BL501 (copy), BL502 (allocation) and
// BL503 (the pass fails; FailureIsolation.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_TENSOR_TENSORANALYSIS_H
#define BUFFERLENS_ANALYSIS_TENSOR_TENSORANALYSIS_H

#include "analysis/model/ModelTypes.h"
#include "analysis/model/Options.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <functional>
#include <memory>
#include <vector>

namespace mlir {
class Operation;
} // namespace mlir

namespace bufferlens {

class SourceIndex;
class TaggedClone;

/// An op One-Shot Bufferize would still rewrite in `function` (it
/// implements BufferizableOpInterface and takes or yields a tensor), or null.
mlir::Operation *opBeforeBufferization(mlir::Operation *function);

/// Whether One-Shot Bufferize with function boundaries would rewrite
/// `function`: it holds an op that bufferizes a tensor, or takes or returns
/// tensors.
bool worksOnTensors(mlir::Operation *function);

/// Fills AnalysisResult::tensor (one plan per function of `functions`, all
/// verified) and adds BL501-BL503. One pass run of each kind per batch of
/// functions, plus one per function the pass fails on
/// (FailureIsolation.cpp).
void runTensorAnalysis(SourceIndex &index, llvm::ArrayRef<FunctionId> functions,
                       const AnalysisOptions &options);

/// runTensorAnalysis in steps, for the early findings: analyseAhead runs
/// the analysis-only pass on every batch first, which is where upstream
/// fails (BL503: "Yield operand #0 is not equivalent to the corresponding
/// iter bbArg" and the like), so failuresSoFar can say it before finish
/// bufferizes. Going ahead keeps every batch's copy alive until finish;
/// without it, finish runs both passes batch by batch.
class TensorAnalysis {
public:
  TensorAnalysis(SourceIndex &index, llvm::ArrayRef<FunctionId> functions,
                 const AnalysisOptions &options);
  ~TensorAnalysis();
  TensorAnalysis(const TensorAnalysis &) = delete;
  TensorAnalysis &operator=(const TensorAnalysis &) = delete;

  /// Runs the analysis-only pass on every batch (once).
  void analyseAhead();
  /// BL503 of the functions the pass failed on so far, as finish reports
  /// them (their functions never come back into a run).
  std::vector<Finding> failuresSoFar() const;
  /// Runs what is left, fills AnalysisResult::tensor and adds the findings.
  void finish();

  /// Called after each batch's bufferizing run, before the deallocation
  /// pass of the releases rewrites the batch's copy, with that copy and the
  /// functions of it whose bufferization allocates: upstream's output, for
  /// the memref analyses (tensormemref/BufferizedFindings.h), which then
  /// run no pass of their own.
  using BufferizedHook =
      std::function<void(const TaggedClone &, llvm::ArrayRef<FunctionId>)>;
  void onBufferized(BufferizedHook hook);

private:
  struct State;
  std::unique_ptr<State> state;
  bool analysedAhead = false;
};

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_TENSOR_TENSORANALYSIS_H
