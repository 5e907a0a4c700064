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
