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

using namespace bufferlens;
using namespace bufferlens::classic;
using namespace mlir;

/// The nearest common post-dominator of the blocks, within `value`'s region,
/// that define or use `value` and its aliases.
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
  for (Value value : state.allocs) {
    if (budgetExhausted()) {
      // Dropped with the function (FunctionBudget.h); what follows a
      // failure is not computed.
      state.failure = "the analysis is past the function's budget";
      return false;
    }
    Operation *existing = state.existingFrees.lookup(value);
    BufferViewFlowAnalysis::ValueSetT set = state.aliases.resolve(value);
    // A free with results (memref.realloc) hands the buffer on to them:
    // what is derived from its results is another buffer's lifetime.
    if (existing)
      for (Value result : existing->getResults())
        for (Value derived : state.aliases.resolve(result))
          set.erase(derived);
    // Nothing moves until this value's free is placed.
    Ancestors ancestors;
    Block *block =
        commonPostDominator(value, set, state.postDominators, ancestors);
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
    Operation *end = &block->front();
    for (Value alias : set) {
      Operation *start = end;
      if (Operation *def = alias.getDefiningOp())
        if (!(start = ancestors.opIn(block, def)))
          continue;
      Operation *aliasEnd =
          state.liveness.getEndOperation(alias, start, block, ancestors);
      if (aliasEnd->getBlock() == block && end->isBeforeInBlock(aliasEnd))
        end = aliasEnd;
    }
    Operation *next = end->getNextNode();
    if (!next) {
      // `end` is the terminator. The old pass stopped here ("the value
      // escapes"), which leaked a buffer whose post-dominator holds only the
      // terminator when the terminator does not use it (an allocation
      // passed on one path only, then returned through a merge): it dies in
      // this block, so it is freed before the terminator.
      bool escapes = false;
      for (Value alias : set)
        escapes |= state.liveness.isLiveOut(alias, block) ||
                   llvm::is_contained(end->getOperands(), alias);
      if (escapes) {
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
      continue;
    }
    OpBuilder builder(next);
    Operation *dealloc = createFree(builder, next->getLoc(), value);
    state.deallocs.emplace_back(value, dealloc);
  }
  return true;
}
