//===- OwnershipAnalysis.h - Ownership-based deallocation, explained ------===//
//
// Runs the real upstream `ownership-based-buffer-deallocation` pass on a
// copy of the module, one function at a time, and maps what it inserted
// back to the user's blocks and values (OwnershipModel.h). The pass's own
// precondition errors become BL204 at the offending op; after
// simplification, deallocations that still need a runtime aliasing check
// become BL203. Functions already past deallocation get BL105 (a returned
// buffer aliasing an argument) since nothing will repair them.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_OWNERSHIP_OWNERSHIPANALYSIS_H
#define BUFFERLENS_ANALYSIS_OWNERSHIP_OWNERSHIPANALYSIS_H

#include "analysis/model/ModelTypes.h"
#include "analysis/model/Options.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <memory>

namespace bufferlens {

class SourceIndex;

/// Fills AnalysisResult::ownership (one entry per function) and adds the
/// findings. Call once per document after the buffer facts.
///
/// `underBudget`, when given, runs the work done on each function (the
/// pass and the proof that the pipeline finds no runtime alias check in
/// it, AliasCheckProof.h) under that function's budget
/// (FunctionBudgets::run); when it answers false the function is past it
/// and is left out of what follows (the pipeline that finds BL203).
using RunUnderBudget =
    llvm::function_ref<bool(FunctionId, llvm::function_ref<void()>)>;

/// The pass managers the analysis runs upstream's passes with, built on
/// first use. Building one freezes the canonicalizer's patterns, which
/// costs more than running it on a small function; a caller analysing
/// many small documents of one MLIRContext with the same options
/// (tensormemref/BufferizedFindings.cpp: one per batch of bufferized
/// functions) keeps one set for all of them.
class OwnershipPipelines {
public:
  OwnershipPipelines();
  ~OwnershipPipelines();
  OwnershipPipelines(const OwnershipPipelines &) = delete;
  OwnershipPipelines &operator=(const OwnershipPipelines &) = delete;

  struct Managers;
  std::unique_ptr<Managers> managers;
};

/// With `pipelines`, its pass managers are used (and built there when
/// missing); they must have been built for the same MLIRContext and the
/// same `privateFunctionDynamicOwnership` and `lowerForAliasChecks`.
void runOwnershipAnalysis(SourceIndex &index, const AnalysisOptions &options,
                          RunUnderBudget underBudget = nullptr,
                          OwnershipPipelines *pipelines = nullptr);

/// Whether the pass's copy holds a batch of functions at a time rather than
/// the whole module: when every function is analysed alone
/// (IsolatedFunction.h), at the document's top level and without dynamic
/// ownership, which rewrites callers.
bool ownershipCopiesInBatches(const SourceIndex &index,
                              const AnalysisOptions &options);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_OWNERSHIP_OWNERSHIPANALYSIS_H
