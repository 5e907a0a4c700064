//===- BufferizedFindings.h - The memref analyses on tensor functions -----===//
//
// The findings of the analyses of bufferized IR (BL203 run-time alias
// checks, BL204 pass preconditions, BL301 promote to stack, BL302
// hoisting) for functions that still work on tensors: the analyses run on
// upstream One-Shot Bufferize's output of the function, and a finding is
// reported on the user's tensor op only where it maps back exactly: the op
// it is at carries the location of exactly one of the user's ops, an
// allocation's op is the tensor op whose bufferization makes that one
// allocation, and every value its message names is the buffer of one of
// the user's values. Anything else is left out: saying less beats saying
// something about the wrong op.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_TENSORMEMREF_BUFFERIZEDFINDINGS_H
#define BUFFERLENS_ANALYSIS_TENSORMEMREF_BUFFERIZEDFINDINGS_H

#include "analysis/FunctionBudget.h"
#include "analysis/model/ModelTypes.h"
#include "analysis/model/Options.h"

#include "llvm/ADT/ArrayRef.h"

#include <memory>

#include <string>
#include <utility>
#include <vector>

namespace bufferlens {

class SourceIndex;
class TaggedClone;

/// Collects upstream's bufferized output batch by batch while the tensor
/// analysis runs (TensorAnalysis::onBufferized), then analyses it and adds
/// the mapped findings.
class BufferizedFindings {
public:
  BufferizedFindings(SourceIndex &index, const AnalysisOptions &options);

  BufferizedFindings(const BufferizedFindings &) = delete;
  BufferizedFindings &operator=(const BufferizedFindings &) = delete;
  ~BufferizedFindings();

  /// Keeps a copy of `functions` of `clone`, a batch's copy right after
  /// its bufferizing run (BufferizedCopy.h): those of them whose next step
  /// is deallocation and that allocate. The copy kept before is analysed
  /// first: by then its batch's copy is gone, and one copy at a time is
  /// held.
  void keep(const TaggedClone &clone, llvm::ArrayRef<FunctionId> functions);

  /// Analyses the copy kept last and, now that runTensorAnalysis filled the
  /// plans, adds the findings that map back to functions whose plan
  /// allocates. The analyses of each function run under its budget
  /// (FunctionBudget.h); the functions past it are returned, for the
  /// caller's FunctionBudgets::stopped.
  std::vector<std::pair<FunctionId, BudgetMeter::Exceeded>> report();

private:
  /// A finding of a copy at the user's op, before the plans say whether
  /// its function is asked for; and what is kept between batches
  /// (BufferizedFindings.cpp).
  struct Candidate;
  struct State;

  /// Analyses the copy kept last, if any, into candidates.
  void analyseKept();

  SourceIndex &index;
  const AnalysisOptions &options;
  std::unique_ptr<State> state;
};

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_TENSORMEMREF_BUFFERIZEDFINDINGS_H
