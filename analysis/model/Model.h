//===- Model.h - The plain-data result of analysing one document ----------===//
//
// Everything BufferLens shows (diagnostics, hovers, inlay hints, graphs, CLI
// output) is a view of one AnalysisResult, computed once per document
// version. It is plain data on purpose: no MLIR object lives here, so the
// result can be kept, copied between threads and queried after the MLIR
// context that produced it is gone. Positions are byte offsets into the
// analysed text; LineIndex turns them into lines and columns.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_MODEL_MODEL_H
#define BUFFERLENS_ANALYSIS_MODEL_MODEL_H

#include "analysis/model/ClassicModel.h"
#include "analysis/model/ModelTypes.h"
#include "analysis/model/OwnershipModel.h"
#include "analysis/model/TensorModel.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bufferlens {

/// A document's text, held once and shared by whoever needs it whole: the
/// server's draft, scheduler and snapshots, and the analysis results of it.
using TextRef = std::shared_ptr<const std::string>;

/// Which analyses apply to a function (README "Stages").
enum class Stage {
  /// Frees nothing yet: the pass-based analyses explain what will happen.
  Bufferized,
  /// Already frees memory: the checker applies.
  Deallocated,
};

/// How a memref value came to be.
enum class BufferKind {
  HeapAlloc,        ///< MemoryEffects::Allocate outside an automatic scope.
  StackAlloc,       ///< Allocate on AutomaticAllocationScopeResource.
  Global,           ///< memref.get_global.
  CallResult,       ///< Returned by a call: the caller owns it (ABI).
  FunctionArgument, ///< Entry block argument of a function: never owned.
  View,             ///< A view, cast or reshape of another buffer.
  Merge,            ///< Block argument, region result or select: joins.
  Unknown,          ///< Produced by an op whose effects we do not know.
};

struct ValueEntry {
  std::string name; ///< As written in the source: %0, %arg1, %alloc, %3#1.
  std::string type; ///< The printed type, e.g. memref<2xf32>.
  SourceRange definition;
  std::vector<SourceRange> uses;
  FunctionId function = kNone;
  BlockId block = kNone; ///< The block that defines it (or owns the arg).
  OpId definingOp = kNone;
  bool isBlockArgument = false;
  bool isMemRef = false;
  int32_t buffer = kNone; ///< Index into AnalysisResult::buffers.
};

struct BlockEntry {
  std::string label;      ///< ^bb1; ^bb0 for an unlabelled entry block.
  SourceRange labelRange; ///< Empty for blocks without a label.
  std::vector<SourceRange> uses;
  FunctionId function = kNone;
  OpId parentOp = kNone; ///< The op whose region holds this block.
  std::vector<ValueId> arguments;
  std::vector<OpId> ops;
  std::vector<BlockId> successors;
  /// Index of the region holding the block within parentOp (within the
  /// function for top-level blocks): tells then/else and before/after apart.
  int32_t region = 0;
};

struct OpEntry {
  std::string name;      ///< memref.alloc
  SourceRange nameRange; ///< The op name in the source.
  SourceRange fullRange; ///< From the first result to the end of the op.
  FunctionId function = kNone;
  BlockId block = kNone;
  std::vector<ValueId> results;
  std::vector<ValueId> operands;
  /// For a branch (BranchOpInterface): per successor of its block, in the
  /// same order, the operands forwarded to that successor's arguments.
  std::vector<std::vector<ValueId>> successorOperands;
  /// RegionBranchOpInterface control flow: for a region op, the entry blocks
  /// of the regions it may enter from outside; for a region terminator
  /// (scf.yield, scf.condition), the entry blocks of the regions control may
  /// continue in.
  std::vector<BlockId> regionSuccessors;
  /// A region op that may skip its regions, or a region terminator that may
  /// return control to its parent op's results.
  bool toParent = false;
  /// Where the op came from when its location names another buffer (IR a
  /// rewrite printed with debug locations of the user's file): that file and
  /// the 1-based line and byte column; originLine is 0 when there is none.
  std::string originFile;
  uint32_t originLine = 0;
  uint32_t originColumn = 0;
};

struct FunctionEntry {
  std::string name; ///< Symbol name without the @.
  SourceRange nameRange;
  SourceRange fullRange;
  Stage stage = Stage::Bufferized;
  bool stageFromOverride = false;
  /// False when the function failed to verify or was over the budget
  /// (`notAnalysed` says which): only source facts exist.
  bool analysed = false;
  /// Why `analysed` is false when the function verified: "@f has N
  /// operations, more than ...". Empty for a function that does not verify.
  std::string notAnalysed;
  /// Top-level blocks of the body, in order.
  std::vector<BlockId> blocks;
  /// The function's values are the contiguous range [valueBegin, valueEnd).
  ValueId valueBegin = 0;
  ValueId valueEnd = 0;
  /// Its ops, those of nested regions included, are [opBegin, opEnd).
  OpId opBegin = 0;
  OpId opEnd = 0;
};

/// Facts about one memref value.
struct BufferFact {
  ValueId value = kNone;
  BufferKind kind = BufferKind::Unknown;
  std::optional<uint64_t> staticSizeBytes;
  /// The memref values this one flows into directly (views of it, block
  /// arguments and region results), through values the tables do not
  /// hold. Their closure, aliasesOf (below), is what may alias it
  /// further down the flow; stored whole for every value it was quadratic
  /// in a chain of block arguments.
  std::vector<ValueId> flowsInto;
  /// Allocation roots this value may point into.
  std::vector<ValueId> origins;
};

/// A free the deallocation checker followed (functions of stage
/// Deallocated): `freeOp` frees the buffer allocated by `allocation` on at
/// least one path.
struct FreeSite {
  ValueId allocation = kNone;
  OpId freeOp = kNone;
};

struct AnalysisResult {
  /// The analysed text; every range refers to it. Shared, not copied,
  /// with the caller that passed it as a TextRef.
  TextRef sharedText = std::make_shared<const std::string>();
  const std::string &text() const { return *sharedText; }
  std::vector<FunctionEntry> functions;
  std::vector<BlockEntry> blocks;
  std::vector<OpEntry> ops;
  std::vector<ValueEntry> values;
  std::vector<BufferFact> buffers;
  std::vector<Finding> findings;
  /// Ownership-based deallocation, one entry per function (OwnershipModel.h).
  std::vector<OwnershipFacts> ownership;
  /// The classic BufferDeallocation plan, one entry per analysed function
  /// (ClassicModel.h; find it by ClassicPlan::function).
  std::vector<ClassicPlan> classic;
  /// One-Shot Bufferize on the functions that still work on tensors
  /// (TensorModel.h; find it by TensorPlan::function).
  std::vector<TensorPlan> tensor;
  /// Where each allocation is freed (analysis/checker/Checker.h).
  std::vector<FreeSite> freeSites;
  /// True when the text failed to parse: the tables above are then empty.
  bool parseFailed = false;

  const BufferFact *bufferFact(ValueId value) const;
  const TensorPlan *tensorPlan(FunctionId function) const;
  /// The innermost value definition or use at `offset`, if any.
  ValueId valueAt(uint32_t offset) const;
};

/// The values that may alias `value` further down the flow (views of it,
/// block arguments and region results it flows into), sorted, `value`
/// itself left out: upstream's BufferViewFlowAnalysis::resolve restricted
/// to the tables' memref values, walked from BufferFact::flowsInto. Costs
/// what it returns. A query of the model: features call it without MLIR.
std::vector<ValueId> aliasesOf(const AnalysisResult &result, ValueId value);

const char *toString(Severity severity);
const char *toString(BufferKind kind);
const char *toString(Stage stage);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_MODEL_MODEL_H
