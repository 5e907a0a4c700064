//===- CriticalEdges.cpp - Clones in front of branches with several edges -===//
//
// A critical alias gets a clone in front of each predecessor's terminator
// (CriticalAliases.cpp). When that terminator has several successors, only
// the edge that passes the clone on hands it over to the block argument
// that frees it; on every other edge the clone would leak. The old pass did
// exactly that: its criticalEdge test (mlir/test/Dialect/Bufferization/
// Transforms/buffer-deallocation.mlir at
// 45d17e2243e831916d778bcc7dfc4d91a252cfb1) clones %arg1 before `cf.cond_br
// %arg0, ^bb1, ^bb2(%clone)`, and a run that takes ^bb1 leaks the clone
// (test/exec/classic/criticalEdge.mlir). So the clone is freed at the start
// of each successor that does not take it. That needs the successor to be
// reached by that edge only; otherwise the edge would have to be split,
// which the classic algorithm does not do, and the function is refused.
//
//===----------------------------------------------------------------------===//

#include "analysis/classic/Internal.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"

using namespace bufferlens;
using namespace bufferlens::classic;
using namespace mlir;

bool classic::freeClonesOnOtherEdges(ScratchState &state) {
  for (Operation *clone : state.cloneOps) {
    Value result = clone->getResult(0);
    for (Operation *user : llvm::to_vector(result.getUsers())) {
      auto branch = dyn_cast<BranchOpInterface>(user);
      if (!branch || user->getNumSuccessors() < 2)
        continue;
      for (unsigned i = 0, e = user->getNumSuccessors(); i < e; ++i) {
        OperandRange passed =
            branch.getSuccessorOperands(i).getForwardedOperands();
        if (llvm::is_contained(passed, result))
          continue;
        Block *successor = user->getSuccessor(i);
        if (successor->getSinglePredecessor() != user->getBlock()) {
          state.failure = "a clone in front of `" +
                          user->getName().getStringRef().str() +
                          "` would leak on its edge to a block with other "
                          "predecessors (a critical edge, which the classic "
                          "algorithm does not split)";
          state.failureOp = user;
          return false;
        }
        OpBuilder builder(&successor->front());
        memref::DeallocOp::create(builder, user->getLoc(), result);
      }
    }
  }
  return true;
}
