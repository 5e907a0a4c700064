//===- ClassicModel.h - What the classic BufferDeallocation would do ------===//
//
// Plain data describing the classic BufferDeallocation algorithm (upstream
// mlir/docs/BufferDeallocationInternals.md) applied to one function of the
// user's IR: which aliases are critical and why, the clones it inserts, where
// each buffer is freed (or why it is not), back-edge frees, and the hoisting
// and promote-to-stack opportunities. The plan is also an ordered list of
// insertions, so `bufferlens rewrite --strategy classic` can apply it to a
// copy of the IR without re-running the analysis.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_MODEL_CLASSICMODEL_H
#define BUFFERLENS_ANALYSIS_MODEL_CLASSICMODEL_H

#include "analysis/model/ModelTypes.h"

#include <optional>
#include <string>
#include <vector>

namespace bufferlens {

/// One `bufferization.clone` the plan inserts.
struct ClassicClone {
  /// The value copied (as the user wrote it).
  ValueId source = kNone;
  /// The op whose operand receives the clone (a branch, region terminator,
  /// or the region op itself for the operands entering its regions); the
  /// clone is inserted right in front of it.
  OpId user = kNone;
  std::vector<int32_t> operandIndices;
  /// The block the clone is inserted in.
  BlockId block = kNone;
  /// True when `user` jumps back to a loop header (a back edge).
  bool backEdge = false;
};

/// One op the plan inserts, or a free of the user's IR it moves, in front of
/// an op of the user's IR.
struct ClassicInsertion {
  enum class Kind { Clone, Dealloc, Move };
  Kind kind = Kind::Dealloc;
  /// The op of the user's IR it is inserted in front of. Insertions with
  /// the same anchor are listed in program order.
  OpId before = kNone;
  /// The op of the user's IR right before it in the same block (kNone at
  /// the start of the block).
  OpId after = kNone;
  /// Clone: index into ClassicPlan::clones. Dealloc with `value` kNone:
  /// the clone it frees (on a successor edge that does not take it).
  int32_t clone = kNone;
  /// Dealloc: the value freed.
  ValueId value = kNone;
  /// Dealloc: the op that frees it (`memref.dealloc`, `gpu.dealloc`, or a
  /// described op of the allocation's dialect).
  std::string freeOp;
  /// Move: the free of the user's IR that goes here (the old pass moved a
  /// misplaced dealloc after the last use of its buffer).
  OpId moved = kNone;
};

/// The classic analysis's view of one memref value.
struct ClassicValue {
  ValueId value = kNone;
  /// A heap allocation the algorithm tracks (allocas, globals and arguments
  /// are never tracked: the upstream document's "hybrid setups").
  bool tracked = false;
  /// Not properly dominated by an allocation it aliases: it gets a clone in
  /// every predecessor and is freed on its own.
  bool critical = false;
  /// For a critical alias: the tracked allocations or aliases whose flow
  /// into it is not dominated (why it is critical).
  std::vector<ValueId> criticalBecause;
  /// For a critical alias: the values flowing into it, and the clones
  /// (indices into ClassicPlan::clones) the plan inserts for it.
  std::vector<ValueId> incoming;
  std::vector<int32_t> clones;
  /// For a non-critical alias: the tracked buffers or critical aliases it
  /// is dominated by, freed together with it.
  std::vector<ValueId> aliasOf;
  /// For tracked and critical values: where the plan frees them (indices
  /// into ClassicPlan::insertions), or why it does not.
  std::vector<int32_t> deallocs;
  std::string notFreedReason;
  /// Loop-carried: its buffer from the previous iteration is freed on the
  /// back edge.
  bool loopCarried = false;
};

/// Where an allocation could move (BufferDeallocationInternals.md "Movement and
/// Placement of Allocations").
struct ClassicHoist {
  ValueId allocation = kNone;
  /// The block it could move to, and whether that leaves a loop.
  BlockId target = kNone;
  bool leavesLoop = false;
  /// When it cannot move at all: the value its operands depend on.
  ValueId blockedBy = kNone;
};

/// The multi-buffering RFC (D119406, "Loop double-buffering/multi-buffering")
/// (BL303): an allocation upstream's memref::multiBuffer accepts.
struct ClassicMultiBuffer {
  ValueId allocation = kNone;
  /// The loop that could rotate through its slices, and the copy that
  /// overwrites it whole at the start of each iteration.
  OpId loop = kNone;
  OpId overwrite = kNone;
};

/// BufferDeallocationInternals.md "Conversion from AllocOp to AllocaOp".
struct ClassicPromotion {
  ValueId allocation = kNone;
  bool promotable = false;
  /// Why it must stay on the heap, when it must.
  std::string reason;
};

struct ClassicPlan {
  FunctionId function = kNone;
  /// False when the function was not analysed (other stage, unsupported
  /// constructs): `reason` says why.
  bool computed = false;
  std::string reason;
  std::vector<ClassicValue> values;
  std::vector<ClassicClone> clones;
  std::vector<ClassicInsertion> insertions;
  std::vector<ClassicHoist> hoists;
  /// Every `memref.alloc`: whether it can live on the stack (BL301).
  std::vector<ClassicPromotion> promotions;
  /// Allocations a loop could multi-buffer (BL303; any stage).
  std::vector<ClassicMultiBuffer> multiBuffers;

  const ClassicValue *find(ValueId value) const {
    for (const ClassicValue &v : values)
      if (v.value == value)
        return &v;
    return nullptr;
  }
};

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_MODEL_CLASSICMODEL_H
