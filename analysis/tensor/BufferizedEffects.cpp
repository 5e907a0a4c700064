//===- BufferizedEffects.cpp - Step 2: what the bufferized IR does --------===//
//
// The allocations and copies are read off upstream's bufferized output
// rather than predicted: every op bufferization creates takes the location
// of the op being bufferized (BufferizableOpInterface implementations build
// with `op->getLoc()`; the copy of an out-of-place operand is a
// `bufferization.alloc_tensor` with a copy operand at the op, which becomes
// `memref.alloc` + `memref.copy`, upstream Bufferize.cpp and
// BufferizableOpInterface.cpp, allocateTensorForShapedValue), so the tag of
// each `memref.alloc` and `memref.copy` names the user's op that caused it.
// This is what `mlir-opt --one-shot-bufferize=bufferize-function-boundaries
// --mlir-print-debuginfo` shows, line for line.
//
//===----------------------------------------------------------------------===//

#include "analysis/ir/BufferFacts.h"
#include "analysis/ir/SourceIndex.h"
#include "analysis/ownership/TaggedClone.h"
#include "analysis/tensor/Internal.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace bufferlens;
using namespace bufferlens::tensor;
using namespace mlir;

/// The user's op `copy` was made for, or kNone; kNone also for the user's
/// own `memref.alloc` / `memref.copy`, which bufferization keeps as they
/// are.
static OpId causeOf(const SourceIndex &index, const TaggedClone &clone,
                    Operation *copy) {
  OpId id = clone.originOpOf(copy->getLoc());
  if (id == kNone || index.op(id)->getName() == copy->getName())
    return kNone;
  return id;
}

static BufferizationEffect effectAt(OpId op, MemRefType type) {
  BufferizationEffect effect;
  effect.op = op;
  llvm::raw_string_ostream os(effect.type);
  os << type;
  effect.bytes = staticSizeInBytes(type);
  return effect;
}

void tensor::readBufferizedEffects(const SourceIndex &index,
                                   const TaggedClone &clone,
                                   llvm::ArrayRef<FunctionId> functions,
                                   std::map<FunctionId, TensorPlan> &plans,
                                   std::vector<AllocationSite> &sites) {
  for (FunctionId fn : functions) {
    Operation *copy = clone.lookup(index.function(fn));
    if (!copy)
      continue;
    TensorPlan &plan = plans[fn];
    copy->walk([&](Operation *op) {
      if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        OpId cause = causeOf(index, clone, op);
        if (cause != kNone) {
          sites.push_back({fn, plan.allocations.size(), op});
          plan.allocations.push_back(effectAt(cause, alloc.getType()));
        }
        return;
      }
      auto memcpy = dyn_cast<memref::CopyOp>(op);
      if (!memcpy)
        return;
      // The copy of an out-of-place operand fills a new allocation whole;
      // the copies an op makes by its nature (tensor.insert_slice,
      // tensor.pad, tensor.concat into a subview, materialize_in_destination
      // into its destination) are not a decision of the analysis.
      auto target = memcpy.getTarget().getDefiningOp<memref::AllocOp>();
      OpId cause = causeOf(index, clone, op);
      if (!target || cause == kNone || causeOf(index, clone, target) == kNone)
        return;
      plan.copies.push_back(effectAt(cause, target.getType()));
    });
  }
}
