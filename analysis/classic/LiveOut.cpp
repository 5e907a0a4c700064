//===- LiveOut.cpp - Live-out sets of every block, linear in the nest -----===//
//
// See LiveOut.h for the equations (those of mlir/lib/Analysis/Liveness.cpp)
// and their solution, which this file computes one value at a time:
//
// 1. From each use of the value, climb the blocks that hold it up to the
//    block of the value's own region: in each of them the value is used
//    (nested) and, below its definition's region, not defined. A block met
//    before was climbed from an earlier use, and so were the blocks above
//    it: the climb stops there, so each value costs the blocks between its
//    uses and its definition once, not once per use.
// 2. A use in another block of the defining block's region makes the value
//    live-out of the defining block.
// 3. In regions of several blocks, walk back from the blocks that use the
//    value through their predecessors: each predecessor has the value
//    live-out, and, unless it defines the value, live-in, so the walk goes
//    on through its own predecessors.
//
// The IR is verified: every use of a value is nested in the region that
// defines it, so a climb always meets that region (or leaves the root for a
// value defined outside it).
//
//===----------------------------------------------------------------------===//

#include "analysis/classic/LiveOut.h"

#include "mlir/IR/Region.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

using namespace bufferlens::classic;
using namespace mlir;

static Block *definingBlock(Value value) {
  if (Operation *def = value.getDefiningOp())
    return def->getBlock();
  return cast<BlockArgument>(value).getOwner();
}

LiveOutSets::LiveOutSets(Operation *root) {
  // The values defined under the root, then those defined outside it and
  // used under it (upstream counts them as used, so they can be live-out).
  SmallVector<Value> values;
  root->walk<WalkOrder::PreOrder>([&](Block *block) {
    blocks.insert(block);
    for (BlockArgument argument : block->getArguments())
      values.push_back(argument);
    for (Operation &op : *block)
      for (Value result : op.getResults())
        values.push_back(result);
  });
  llvm::DenseSet<Value> fromOutside;
  root->walk([&](Operation *op) {
    for (Value operand : op->getOperands())
      if (!blocks.contains(definingBlock(operand)) &&
          fromOutside.insert(operand).second)
        values.push_back(operand);
  });

  // Per block, the last value (numbered from 1) found used in it, and the
  // last found live-in by the walk back; numbering instead of clearing keeps
  // the work per value to the blocks it touches.
  llvm::DenseMap<Block *, unsigned> usedFor, liveInFor;
  SmallVector<Block *> multiBlockUses;
  unsigned number = 0;
  for (Value value : values) {
    ++number;
    Block *def = definingBlock(value);
    Region *defRegion = blocks.contains(def) ? def->getParent() : nullptr;
    bool usedInOtherBlock = false;
    multiBlockUses.clear();
    // Whether `block` is newly known to use `value`.
    auto markUsed = [&](Block *block) {
      unsigned &last = usedFor[block];
      if (last == number)
        return false;
      last = number;
      if (!block->getParent()->hasOneBlock())
        multiBlockUses.push_back(block);
      return true;
    };
    for (Operation *user : value.getUsers()) {
      Block *block = user->getBlock();
      if (!blocks.contains(block))
        continue; // A use outside the root.
      while (true) {
        if (block->getParent() == defRegion) {
          if (block != def) {
            usedInOtherBlock = true;
            markUsed(block);
          }
          break;
        }
        if (!markUsed(block))
          break;
        Operation *parent = block->getParentOp();
        if (parent == root)
          break;
        block = parent->getBlock();
      }
    }
    if (usedInOtherBlock)
      liveOut.insert({def, value});

    SmallVector<Block *> work;
    for (Block *block : multiBlockUses) {
      liveInFor[block] = number;
      work.push_back(block);
    }
    while (!work.empty()) {
      Block *block = work.pop_back_val();
      for (Block *pred : block->getPredecessors()) {
        liveOut.insert({pred, value});
        if (pred == def)
          continue; // Defined there: not live-in.
        unsigned &last = liveInFor[pred];
        if (last == number)
          continue;
        last = number;
        work.push_back(pred);
      }
    }
  }
}

Operation *LiveOutSets::getEndOperation(Value value, Operation *start,
                                        Block *block,
                                        Ancestors &ancestors) const {
  if (isLiveOut(value, block))
    return &block->back();
  Operation *end = start;
  for (Operation *user : value.getUsers()) {
    Operation *inBlock = ancestors.opIn(block, user);
    if (inBlock && end->isBeforeInBlock(inBlock))
      end = inBlock;
  }
  return end;
}
