//===- DeallocPlacement.cpp - Where the classic algorithm frees ----------===//
//
// BufferDeallocationInternals.md "Placement of Deallocs": each tracked
// allocation and each critical alias is freed after the last use of it and of
// its remaining (non-critical) aliases, in the nearest block that
// post-dominates all of them. A value still live at the end of that block
// (returned, yielded, passed on) is not freed there: it escapes. A free the
// IR already has (ScratchState::existingFrees) is moved there instead, as
// the old pass's placeDeallocs did.
//
//===----------------------------------------------------------------------===//

#include "analysis/classic/Ancestors.h"
#include "analysis/classic/Internal.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/ScopeExit.h"

#include <optional>

using namespace bufferlens;
using namespace bufferlens::classic;
using namespace mlir;

namespace {
/// The nearest common post-dominator of some blocks of one region: `any`
/// is false for none, and `block` null once they have none.
struct CommonPostDominator {
  bool any = false;
  Block *block = nullptr;
};

/// Where an allocation's aliases end in one block: the last op of the
/// block that uses one (through a nested op) or defines one, or the
/// terminator when one is live-out; and whether one escapes, live-out or
/// used by the terminator.
struct AliasEnd {
  Operation *end = nullptr;
  bool escapes = false;
};

/// The questions placeDeallocs asks of each value's aliases, answered once
/// per alias (AliasClosure.h) with the uses of the moment: an inserted or
/// moved free tells the closure.
class AliasQuestions {
  ScratchState &state;

public:
  explicit AliasQuestions(ScratchState &scratch)
      : state(scratch), closure(*scratch.closure),
        postDominatorOf(
            closure,
            [this](Value alias, const void *region) {
              return localPostDominator(alias, (Region *)region);
            },
            [this](CommonPostDominator &into, const CommonPostDominator &from) {
              joinPostDominators(into, from);
            }),
        endOf(
            closure,
            [this](Value alias, const void *block) {
              return localEnd(alias, (Block *)block);
            },
            joinEnds) {}

  /// The nearest common post-dominator, within `value`'s region, of the
  /// blocks that define or use `value` and its aliases.
  Block *commonPostDominator(Value value) {
    Region *region = value.getParentRegion();
    CommonPostDominator common{true, value.getParentBlock()};
    joinPostDominators(common, postDominatorOf.get(value, region));
    return common.block;
  }

  AliasEnd end(Value value, Block *block) { return endOf.get(value, block); }

  /// `op` was inserted or moved: its operands' uses changed.
  void usesChanged(Operation *op) {
    for (Value used : op->getOperands())
      closure.usersChanged(used);
    // Blocks nested in a moved op changed their ancestors.
    if (op->getNumRegions())
      ancestors = Ancestors();
  }

  AliasClosure &closure;
  Ancestors ancestors;

private:
  CommonPostDominator localPostDominator(Value alias, Region *region) {
    CommonPostDominator common;
    auto add = [&](Block *block) {
      if (Block *inRegion = ancestors.blockIn(region, block))
        joinPostDominators(common, {true, inRegion});
    };
    for (Operation *user : alias.getUsers())
      add(user->getBlock());
    add(alias.getParentBlock());
    return common;
  }

  void joinPostDominators(CommonPostDominator &into,
                          const CommonPostDominator &from) {
    if (!from.any)
      return;
    if (!into.any) {
      into = from;
      return;
    }
    // No common post-dominator stays none (nearestCommon... of null is
    // null).
    into.block = into.block && from.block
                     ? state.postDominators.findNearestCommonDominator(
                           into.block, from.block)
                     : nullptr;
  }

  AliasEnd localEnd(Value alias, Block *block) {
    AliasEnd out;
    Operation *terminator = &block->back();
    out.escapes = state.liveness.isLiveOut(alias, block);
    for (Operation *user : alias.getUsers())
      out.escapes |= user == terminator;
    // An alias defined outside the block does not move the end (the old
    // pass's getEndOperation started from its definition).
    Operation *start = nullptr;
    if (Operation *def = alias.getDefiningOp())
      if (!(start = ancestors.opIn(block, def)))
        return out;
    if (state.liveness.isLiveOut(alias, block)) {
      out.end = terminator;
      return out;
    }
    out.end = start;
    for (Operation *user : alias.getUsers()) {
      Operation *inBlock = ancestors.opIn(block, user);
      if (inBlock && (!out.end || out.end->isBeforeInBlock(inBlock)))
        out.end = inBlock;
    }
    return out;
  }

  static void joinEnds(AliasEnd &into, const AliasEnd &from) {
    if (from.end && (!into.end || into.end->isBeforeInBlock(from.end)))
      into.end = from.end;
    into.escapes |= from.escapes;
  }

  AliasFold<CommonPostDominator> postDominatorOf;
  AliasFold<AliasEnd> endOf;
};
} // namespace

/// The nearest common post-dominator, within `value`'s region, of the
/// blocks that define or use `value` and its aliases, given as `set`.
static Block *commonPostDominator(Value value,
                                  const BufferViewFlowAnalysis::ValueSetT &set,
                                  PostDominanceInfo &postDominators,
                                  Ancestors &ancestors) {
  Region *region = value.getParentRegion();
  llvm::SmallPtrSet<Block *, 16> blocks;
  blocks.insert(value.getParentBlock());
  for (Value alias : set) {
    for (Operation *user : alias.getUsers())
      if (Block *block = ancestors.blockIn(region, user->getBlock()))
        blocks.insert(block);
    if (Block *block = ancestors.blockIn(region, alias.getParentBlock()))
      blocks.insert(block);
  }
  Block *common = nullptr;
  for (Block *block : blocks) {
    common = common ? postDominators.findNearestCommonDominator(common, block)
                    : block;
    if (!common)
      return nullptr;
  }
  return common;
}

/// Where `set`'s values end in `block`, as AliasQuestions::end answers for
/// a whole alias set: for a set that is not one (placeDeallocs).
static AliasEnd endOfSet(const BufferViewFlowAnalysis::ValueSetT &set,
                         Block *block, const LiveOutSets &liveness,
                         Ancestors &ancestors) {
  AliasEnd out;
  Operation *end = &block->front();
  for (Value alias : set) {
    out.escapes |= liveness.isLiveOut(alias, block) ||
                   llvm::is_contained(block->back().getOperands(), alias);
    Operation *start = end;
    if (Operation *def = alias.getDefiningOp())
      if (!(start = ancestors.opIn(block, def)))
        continue;
    Operation *aliasEnd =
        liveness.getEndOperation(alias, start, block, ancestors);
    if (aliasEnd->getBlock() == block && end->isBeforeInBlock(aliasEnd))
      end = aliasEnd;
  }
  out.end = end;
  return out;
}

/// Moves `value`'s existing free `free` in front of `next`; false when it
/// cannot go there.
static bool moveFree(ScratchState &state, Value value, Operation *free,
                     Operation *next) {
  if (free == next || free->getNextNode() == next)
    return true;
  if (free->getNumResults()) {
    state.failure = "`" + free->getName().getStringRef().str() +
                    "` frees a buffer that is used after it, and it cannot "
                    "move after those uses since it has results";
    state.failureOp = free;
    return false;
  }
  free->moveBefore(next);
  state.movedFrees.insert(free);
  return true;
}

bool classic::placeDeallocs(ScratchState &state) {
  AliasQuestions questions(state);
  llvm::scope_exit counted(
      [&] { state.aliasVisits += questions.closure.visits(); });
  for (Value value : state.allocs) {
    if (budgetExhausted()) {
      // Dropped with the function (FunctionBudget.h); what follows a
      // failure is not computed.
      state.failure = "the analysis is past the function's budget";
      return false;
    }
    Operation *existing = state.existingFrees.lookup(value);
    // A free with results (memref.realloc) hands the buffer on to them:
    // what is derived from its results is another buffer's lifetime. The
    // set left is not an alias set, so its questions are asked value by
    // value.
    std::optional<BufferViewFlowAnalysis::ValueSetT> set;
    if (existing && existing->getNumResults()) {
      set = questions.closure.resolve(value);
      for (Value result : existing->getResults())
        for (Value derived : questions.closure.resolve(result))
          set->erase(derived);
    }
    Ancestors &ancestors = questions.ancestors;
    Block *block =
        set ? commonPostDominator(value, *set, state.postDominators, ancestors)
            : questions.commonPostDominator(value);
    if (!block || !state.liveness.covers(block)) {
      if (existing) {
        state.failure = "a buffer it frees has no block that post-dominates "
                        "all of its uses, so the free has no right place";
        state.failureOp = existing;
        return false;
      }
      state.noPostDominator.insert(value);
      continue;
    }
    // After the last use of every alias in the block; at least after its
    // first op, as the pass did.
    AliasEnd aliasEnd = set ? endOfSet(*set, block, state.liveness, ancestors)
                            : questions.end(value, block);
    Operation *end = &block->front();
    if (aliasEnd.end && end->isBeforeInBlock(aliasEnd.end))
      end = aliasEnd.end;
    Operation *next = end->getNextNode();
    if (!next) {
      // `end` is the terminator. The old pass stopped here ("the value
      // escapes"), which leaked a buffer whose post-dominator holds only the
      // terminator when the terminator does not use it (an allocation
      // passed on one path only, then returned through a merge): it dies in
      // this block, so it is freed before the terminator.
      if (aliasEnd.escapes) {
        if (existing) {
          state.failure = "it frees a buffer that escapes through `" +
                          end->getName().getStringRef().str() + "`";
          state.failureOp = existing;
          return false;
        }
        state.liveAtTerminator[value] = end;
        continue;
      }
      next = end;
    }
    if (existing) {
      if (!moveFree(state, value, existing, next))
        return false;
      questions.usesChanged(existing);
      continue;
    }
    OpBuilder builder(next);
    Operation *dealloc = createFree(builder, next->getLoc(), value);
    questions.usesChanged(dealloc);
    state.deallocs.emplace_back(value, dealloc);
  }
  return true;
}
