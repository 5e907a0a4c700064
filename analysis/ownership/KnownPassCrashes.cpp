//===- KnownPassCrashes.cpp -----------------------------------------------===//

#include "analysis/ownership/KnownPassCrashes.h"

#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"

using namespace bufferlens;
using namespace mlir;

/// Whether a result of `op` is used outside the block that holds it, i.e.
/// is live out of that block.
static bool hasResultLiveOut(Operation *op) {
  Block *block = op->getBlock();
  Region *region = block->getParent();
  for (Value result : op->getResults())
    for (Operation *user : result.getUsers()) {
      Operation *ancestor = region->findAncestorOpInRegion(*user);
      if (!ancestor || ancestor->getBlock() != block)
        return true;
    }
  return false;
}

KnownPassCrash bufferlens::findKnownPassCrash(Operation *function) {
  KnownPassCrash crash;
  // llvm/llvm-project#119863 (fixed after MLIR 22 by #184118): the pass
  // rebuilds a region op (scf.for, scf.if, ...) with extra results and
  // erases the old one, but keeps a liveness computed before; when the
  // block ends in a branch, the branch's handling walks the block's
  // live-out values, among them the erased op's results.
  function->walk([&](Block *block) {
    if (crash || block->empty() || !isa<BranchOpInterface>(block->back()) ||
        block->getParentOp() == nullptr)
      return;
    for (Operation &op : *block) {
      if (!isa<RegionBranchOpInterface>(op) || !hasResultLiveOut(&op))
        continue;
      crash.op = &op;
      crash.message =
          "the deallocation pass of MLIR 22 cannot analyse this function: "
          "it reads freed memory on `" +
          op.getName().getStringRef().str() +
          "` when a result is used after the branch that ends its block, "
          "and then crashes or frees buffers still in use "
          "(llvm/llvm-project#119863, fixed in later MLIR); pass the result "
          "on as a block argument, or move the branch, to analyse it";
      return;
    }
  });
  return crash;
}
