//===- KnownPassCrashes.cpp -----------------------------------------------===//

#include "analysis/ownership/KnownPassCrashes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

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

/// With private-function-dynamic-ownership the pass rebuilds calls of
/// private functions with a body as well (to pass ownership results).
static bool rebuiltCall(Operation *op) {
  auto call = dyn_cast<CallOpInterface>(op);
  if (!call)
    return false;
  auto callee = dyn_cast_or_null<FunctionOpInterface>(call.resolveCallable());
  return callee && callee.isPrivate() && !callee.isExternal();
}

KnownPassCrash
bufferlens::findKnownPassCrash(Operation *function,
                               bool privateFunctionDynamicOwnership) {
  KnownPassCrash crash;
  // llvm/llvm-project#119863 (fixed after MLIR 22 by #184118): the pass
  // rebuilds a region op (scf.for, scf.if, ...) with extra results and
  // erases the old one, but keeps a liveness computed before. The handling
  // of a later terminator (a branch, or a return in a block that uses the
  // value, even an unreachable one) walks live values, among them the
  // erased op's results: any result used outside the op's block.
  function->walk([&](Operation *op) {
    if (crash || !op->getBlock() || op == function)
      return;
    bool rebuilt = isa<RegionBranchOpInterface>(op) ||
                   (privateFunctionDynamicOwnership && rebuiltCall(op));
    if (!rebuilt || !hasResultLiveOut(op))
      return;
    crash.op = op;
    crash.opName = op->getName().getStringRef().str();
    crash.message =
        "the deallocation pass of MLIR 22 cannot analyse this function: "
        "it reads freed memory on `" +
        op->getName().getStringRef().str() +
        "` when a result is used outside its block, and then crashes or "
        "frees buffers still in use (llvm/llvm-project#119863, fixed in "
        "later MLIR); pass the result on as a block argument to analyse it";
  });
  return crash;
}

bool bufferlens::mayCanonicalizeIntoKnownPassCrash(
    Operation *function, bool privateFunctionDynamicOwnership) {
  bool severalBlocks = false, rebuiltWithResults = false;
  function->walk([&](Operation *op) {
    for (Region &region : op->getRegions())
      severalBlocks |= !region.empty() && !region.hasOneBlock();
    if (op == function || op->getNumResults() == 0)
      return;
    rebuiltWithResults |= isa<RegionBranchOpInterface>(op) ||
                          isa<memref::ReallocOp>(op) ||
                          (privateFunctionDynamicOwnership && rebuiltCall(op));
  });
  return severalBlocks && rebuiltWithResults;
}

std::string bufferlens::pipelineCrashMessage(const KnownPassCrash &crash,
                                             bool passAloneHandlesIt) {
  return "the buffer-deallocation-pipeline rewrites this function before "
         "its deallocation pass (expand-realloc, canonicalize), after which `" +
         crash.opName +
         "` here has a result used outside its block: the deallocation pass "
         "of MLIR 22 reads freed memory on it, and then crashes or frees "
         "buffers still in use (llvm/llvm-project#119863, fixed in later "
         "MLIR)" +
         (passAloneHandlesIt ? "; the pass alone handles the function as "
                               "written"
                             : "");
}
