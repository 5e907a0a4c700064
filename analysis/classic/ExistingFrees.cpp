//===- ExistingFrees.cpp - The frees already in the IR --------------------===//
//
// The old BufferDeallocation pass also ran on IR that already frees: its
// BufferPlacementAllocs paired each allocation with its one free
// (memref::findDealloc: the one user with a Free effect on it), and
// placeDeallocs moved that free after the last use of the buffer and its
// aliases instead of inserting one (mlir/lib/Dialect/Bufferization/
// Transforms/BufferDeallocation.cpp and BufferUtils.cpp of llvm-project
// before the pass's removal; tests moving_invalid_dealloc_op*,
// auto_dealloc in mlir/test/Dialect/Bufferization/Transforms/
// buffer-deallocation.mlir at 45d17e2243e831916d778bcc7dfc4d91a252cfb1).
//
// Frees are recognised by their declared effect (checker/MemoryEffects.h).
// The old pass left an allocation with two frees, and frees of anything but
// an allocation, where they were, so its output could still free twice;
// here such a function is refused instead, with the reason.
//
//===----------------------------------------------------------------------===//

#include "analysis/checker/MemoryEffects.h"
#include "analysis/classic/Internal.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"

using namespace bufferlens;
using namespace bufferlens::classic;
using namespace mlir;

static std::string opName(Operation *op) {
  return "`" + op->getName().getStringRef().str() + "`";
}

bool classic::collectExistingFrees(ScratchState &state) {
  llvm::DenseSet<Value> tracked(state.allocs.begin(), state.allocs.end());
  WalkResult walked = state.func->walk([&](Operation *op) {
    if (isa<bufferization::DeallocOp>(op)) {
      state.failure = "`bufferization.dealloc` frees under a condition (the "
                      "ownership-based pass ran here already)";
      state.failureOp = op;
      return WalkResult::interrupt();
    }
    for (Value freed : checker::freedOperands(*op)) {
      // A free by hand (`bufferization.manual_deallocation` on the free or
      // on the allocation; collectAllocations tracks neither) stays as it
      // is.
      Operation *alloc = freed.getDefiningOp();
      if (op->hasAttr(
              bufferization::BufferizationDialect::kManualDeallocation) ||
          (alloc &&
           alloc->hasAttr(
               bufferization::BufferizationDialect::kManualDeallocation)))
        continue;
      if (!tracked.contains(freed)) {
        state.failure = opName(op) +
                        " frees a buffer that is not a heap allocation of "
                        "this function (an argument, a view or a merge)";
        state.failureOp = op;
        return WalkResult::interrupt();
      }
      auto [it, inserted] = state.existingFrees.try_emplace(freed, op);
      if (!inserted) {
        state.failure = "a buffer is freed by two ops (" + opName(it->second) +
                        " and " + opName(op) +
                        "), and the classic algorithm moves one free only";
        state.failureOp = op;
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return !walked.wasInterrupted();
}
