//===- MemoryEffects.cpp --------------------------------------------------===//

#include "analysis/checker/MemoryEffects.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

llvm::SmallVector<Value, 1> bufferlens::checker::freedOperands(Operation &op) {
  llvm::SmallVector<Value, 1> freed;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return freed;
  for (Value operand : op.getOperands())
    if (isa<BaseMemRefType>(operand.getType()) &&
        effects.getEffectOnValue<MemoryEffects::Free>(operand) &&
        !llvm::is_contained(freed, operand))
      freed.push_back(operand);
  return freed;
}

bool bufferlens::checker::mayFreeMemory(Operation &op) {
  bool frees = false;
  op.walk([&](Operation *nested) {
    if (isa<bufferization::DeallocOp>(nested) ||
        !freedOperands(*nested).empty()) {
      frees = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return frees;
}

bool bufferlens::checker::freedByMemrefDealloc(Value site) {
  Operation *op = site.getDefiningOp();
  if (!op)
    return false;
  StringRef dialect = op->getName().getDialectNamespace();
  return dialect == "memref" || dialect == "bufferization";
}
