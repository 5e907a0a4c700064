//===- LiveValues.cpp - Forget SSA values no later op can read ------------===//
//
// A path's environment holds every SSA value defined so far. Values no later
// op reads make two paths that agree on everything that matters look
// different (a flag that decided an earlier branch), and make every key
// over the environment grow with the function. At each block of the
// function's own region, values that are not live-in there (mlir::Liveness,
// which counts uses in nested regions as uses by their parent op; see
// mlir/lib/Analysis/Liveness.cpp) are dropped. Nothing is lost: a buffer
// only a dead value points to can no longer be freed, and objects stay in
// State::objects, so its leak is still reported.
//
// Inside nested regions the same holds by scope: once an op with regions is
// done, no op can name a value defined inside them (its results are bound
// from its terminators before), so they are dropped from each path it ended
// in. A deep nest of loops then keeps paths whose environment holds the
// values in scope, not every value of every level run so far, and paths
// that leave a loop after different numbers of iterations are one path
// when they agree on what is still in scope.
//
//===----------------------------------------------------------------------===//

#include "analysis/checker/Interpreter.h"

#include "mlir/Analysis/Liveness.h"

using namespace bufferlens;
using namespace bufferlens::checker;
using namespace mlir;

void Interpreter::forgetDeadValues(Block *block, State &state) {
  if (block->getParent() != &function.getFunctionBody() ||
      function.getFunctionBody().hasOneBlock())
    return;
  if (!liveness)
    liveness = std::make_unique<Liveness>(function.getOperation());
  const Liveness::ValueSetT &liveIn = liveness->getLiveIn(block);
  llvm::SmallVector<Value> dead;
  for (const auto &[value, abs] : state.env)
    if (!liveIn.count(value) &&
        !(isa<BlockArgument>(value) &&
          cast<BlockArgument>(value).getOwner() == block))
      dead.push_back(value);
  for (Value value : dead)
    state.env.erase(value);
}

unsigned Interpreter::depthOf(Operation *op) {
  // Ancestors are climbed once each: their depths are remembered, so a
  // nest N deep costs N climbs, not N * N / 2.
  llvm::SmallVector<Operation *> climbed;
  unsigned depth = 0;
  for (Operation *at = op;; at = at->getParentOp()) {
    if (!at || at == function.getOperation())
      break;
    auto known = depths.find(at);
    if (known != depths.end()) {
      depth = known->second;
      break;
    }
    climbed.push_back(at);
  }
  for (Operation *at : llvm::reverse(climbed))
    depths[at] = ++depth;
  return depths.lookup(op);
}

void Interpreter::forgetValuesInside(Operation *op, State &state) {
  unsigned depth = depthOf(op);
  llvm::SmallVector<Value> inside;
  for (const auto &[value, abs] : state.env) {
    // The op whose region defines `value`: inside `op` when it is `op` or
    // one of its descendants. A value in scope after `op` is defined by an
    // op no deeper than `op`'s, so the climb is short.
    Operation *owner = Value(value).getParentBlock()->getParentOp();
    unsigned ownerDepth = depthOf(owner);
    if (ownerDepth < depth)
      continue;
    while (ownerDepth > depth) {
      owner = owner->getParentOp();
      --ownerDepth;
    }
    if (owner == op)
      inside.push_back(value);
  }
  for (Value value : inside)
    state.env.erase(value);
}
