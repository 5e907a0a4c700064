//===- Internal.h - Shared pieces of the classic analysis -----------------===//
//
// The classic algorithm runs on a scratch copy of the function (the
// ScratchState below): clones and deallocs are really inserted there, in the
// old pass's order, so that later steps see the uses the earlier ones added
// (as the pass did). ClassicAnalysis.cpp then maps the copy back to the
// user's ops and values and records the plan as plain data.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_CLASSIC_INTERNAL_H
#define BUFFERLENS_ANALYSIS_CLASSIC_INTERNAL_H

#include "analysis/FunctionBudget.h"
#include "analysis/classic/AliasClosure.h"
#include "analysis/classic/LiveOut.h"
#include "analysis/model/BlockNames.h"
#include "analysis/model/Model.h"

#include "mlir/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace bufferlens {
class SourceIndex;
} // namespace bufferlens

namespace bufferlens::classic {

/// Analyses of the user's function (not of a copy) that several checks
/// read; the function does not change while they are in use. Computing
/// them once per function instead of once per check saves a tenth of the
/// classic analysis.
struct FunctionFacts {
  explicit FunctionFacts(mlir::Operation *function)
      : closure(ViewFlowGraph::build(function)), dominators(function) {}

  /// The questions the checks ask of whole alias sets (AliasClosure.h),
  /// over a graph built from the IR: upstream's analysis, even built only
  /// to be copied, was the peak of `lint` on a long function
  /// (bench/README.md, "select").
  AliasClosure closure;
  mlir::DominanceInfo dominators;
};

/// Makes room in `items` for `more` entries at once: exactly, or twice the
/// capacity as push_back would grow it when that is more. A vector doubled
/// by push_back holds up to twice what it needs, and three times while it
/// moves; on a long function that was part of lint's peak memory.
template <typename T> void reserveMore(std::vector<T> &items, size_t more) {
  size_t needed = items.size() + more;
  if (needed > items.capacity())
    items.reserve(std::max(needed, 2 * items.capacity()));
}

/// The state of one run of the algorithm over a scratch copy.
struct ScratchState {
  explicit ScratchState(mlir::Operation *func)
      : func(func), aliases(ViewFlowGraph::build(func)), dominators(func),
        postDominators(func), liveness(func) {}

  mlir::Operation *func;
  /// The alias graph of the copy (upstream's BufferViewFlowAnalysis
  /// dependencies, ViewFlowGraph.h), until findCriticalAliases has taken
  /// the critical aliases out of it; then `closure`, over what is left,
  /// takes it.
  std::optional<ViewFlowGraph> aliases;
  std::optional<AliasClosure> closure;
  mlir::DominanceInfo dominators;
  mlir::PostDominanceInfo postDominators;
  /// Computed before any insertion, queried with the uses of the moment,
  /// as the pass did (with mlir::Liveness; LiveOut.h says why not it).
  LiveOutSets liveness;

  /// Every value of the copy numbered in program order (regions first
  /// seen first), so that the result never depends on pointer values.
  llvm::DenseMap<mlir::Value, unsigned> order;
  /// Tracked allocations in program order, then critical aliases.
  llvm::SmallVector<mlir::Value> allocs;
  /// The fix-point's result: aliases not properly dominated.
  llvm::SetVector<mlir::Value> critical;
  llvm::DenseMap<mlir::Value, llvm::SmallVector<mlir::Value>> criticalBecause;
  /// Non-critical aliases: the values that dominate them.
  llvm::DenseMap<mlir::Value, llvm::SmallVector<mlir::Value>> aliasOf;

  /// Clone ops in creation order; clone results (never cloned again).
  llvm::SmallVector<mlir::Operation *> cloneOps;
  llvm::DenseSet<mlir::Value> clonedValues;
  llvm::DenseSet<mlir::Operation *> backEdgeClones;
  /// Per critical value, the clones made (or reused) for it.
  llvm::DenseMap<mlir::Value, llvm::SmallVector<mlir::Operation *>> clonesFor;
  llvm::DenseSet<mlir::Value> loopCarried;

  /// Per freed value, its dealloc; per value the pass cannot free, the
  /// terminator it is live at (kept alive past the end of its block).
  llvm::SmallVector<std::pair<mlir::Value, mlir::Operation *>> deallocs;
  llvm::DenseMap<mlir::Value, mlir::Operation *> liveAtTerminator;
  llvm::DenseSet<mlir::Value> noPostDominator;

  /// IR that already frees (AnalysisOptions::classicRepairsFrees): the one
  /// free of each tracked allocation, which placeDeallocs moves after the
  /// last use instead of inserting a dealloc; the frees it moved.
  bool repairFrees = false;
  llvm::DenseMap<mlir::Value, mlir::Operation *> existingFrees;
  llvm::DenseSet<mlir::Operation *> movedFrees;

  /// Values placeDeallocs looked at to answer questions about alias sets
  /// (ClassicStats::aliasVisits).
  uint64_t aliasVisits = 0;

  /// Set when the algorithm meets something it cannot handle.
  std::string failure;
  mlir::Operation *failureOp = nullptr;
};

/// Why the plan cannot free the tracked allocation `allocation` (no op is
/// known to free what its op allocates), or empty (FreeOps.cpp).
std::string whyNoFreeOp(mlir::Value allocation);
/// The name of the op createFree makes for `freed`.
llvm::StringRef freeOpName(mlir::Value freed);
/// Inserts the free of `freed` that matches the op allocating it:
/// `gpu.dealloc` for a `gpu.alloc`, `memref.dealloc` otherwise.
mlir::Operation *createFree(mlir::OpBuilder &builder, mlir::Location loc,
                            mlir::Value freed);

/// Collects the tracked allocations (Detection of Buffer Allocations).
void collectAllocations(ScratchState &state);
/// The fix-point over aliases (Introduction of Clones); replaces
/// state.aliases with state.closure.
void findCriticalAliases(ScratchState &state);
/// Inserts the clones for every critical alias; false on failure.
bool introduceClones(ScratchState &state);
/// IR that already frees: records the free of each tracked allocation;
/// false (state.failure) on a free the algorithm cannot move
/// (ExistingFrees.cpp).
bool collectExistingFrees(ScratchState &state);
/// Frees each clone inserted in front of a branch with several successors
/// on the edges that do not take it; false where such an edge leads to a
/// block with other predecessors (CriticalEdges.cpp).
bool freeClonesOnOtherEdges(ScratchState &state);
/// Inserts the deallocs, or moves the existing frees (Placement of
/// Deallocs); false on an existing free it cannot move.
bool placeDeallocs(ScratchState &state);

/// Whether `from` -> `to` jumps back to a loop header (region re-entry).
bool isRegionBackEdge(mlir::Operation *terminator, mlir::Region *to);

// Wording, in the user's names.
std::string joinWords(const std::vector<std::string> &words);
std::string quoted(const std::string &name);
Finding makeFinding(FindingCode code, SourceRange range, std::string message);
/// The range of `value`'s use as an operand of op `op`, or the op's name.
SourceRange useRangeIn(const AnalysisResult &result, ValueId value, OpId op);

// One file per concern; each adds its findings to index.result().
/// BL204: false (and a finding) when the function has constructs the
/// classic algorithm cannot handle.
bool checkClassicPreconditions(SourceIndex &index, FunctionId fn,
                               std::string &reason);
/// BL201.
void reportCriticalAliases(SourceIndex &index, const ClassicPlan &plan);
/// BL202.
void reportBackEdges(SourceIndex &index, ClassicPlan &plan);
/// BL302.
void computeHoisting(SourceIndex &index, FunctionId fn, FunctionFacts &facts,
                     ClassicPlan &plan);
/// BL301.
void computePromotion(SourceIndex &index, FunctionId fn, FunctionFacts &facts,
                      ClassicPlan &plan, uint64_t limitBytes);
/// BL303 (any stage: it is about how a loop uses a buffer, not who frees
/// it).
void findMultiBufferingCandidates(SourceIndex &index, FunctionId fn,
                                  ClassicPlan &plan);
/// BL304 (any stage: it is about clone + dealloc pairs already there).
void findRedundantClones(SourceIndex &index, FunctionId fn);
/// BL305 (any stage: it is about copy, alloc and free already there).
void findRedundantCopies(SourceIndex &index, FunctionId fn);
/// Per read of `allocation`'s buffer (through any value of `group`, its
/// aliases) that can see the buffer before any write to it, the blocks of
/// the first such path from the function's entry (UnwrittenReads.cpp).
/// Empty when there is none, or when the search gave up.
using UnwrittenReads = llvm::DenseMap<mlir::Operation *, std::vector<BlockId>>;
UnwrittenReads
findUnwrittenReads(SourceIndex &index, mlir::Operation *function,
                   mlir::Value allocation,
                   const mlir::BufferViewFlowAnalysis::ValueSetT &group);
/// BL401.
void checkWritesDominateReads(SourceIndex &index, FunctionId fn,
                              FunctionFacts &facts);

/// Appends to `edits` the renames of every use of `value` (its entry
/// `entry`) to `newName`, for a fix that deletes `deletedLines` and, with
/// them, the uses by the ops `deletedOwner` accepts. False when a remaining
/// use is not written in the text as the value's own name (then no edit
/// can name it), so the fix must not be offered.
bool renameWrittenUses(std::string_view text, mlir::Value value,
                       const ValueEntry &entry, const std::string &newName,
                       llvm::ArrayRef<SourceRange> deletedLines,
                       llvm::function_ref<bool(mlir::Operation *)> deletedOwner,
                       std::vector<TextEdit> &edits);

} // namespace bufferlens::classic

#endif // BUFFERLENS_ANALYSIS_CLASSIC_INTERNAL_H
