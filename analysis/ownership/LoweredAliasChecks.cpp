//===- LoweredAliasChecks.cpp ---------------------------------------------===//

#include "analysis/ownership/LoweredAliasChecks.h"

#include "mlir/IR/OperationSupport.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace {
/// Past this depth two values count as different: a pair of comparisons
/// kept is a BL203 that the lowered IR might not have, so the depth only
/// bounds the work on pathological chains.
constexpr unsigned kMaxDepth = 16;

/// Whether cse can make `a` and `b` one value: the same value, or the same
/// result of two side-effect-free ops without regions that are equal up to
/// location and whose operands are such pairs. Dominance is not asked for:
/// a pair cse cannot merge is then taken as merged, so a comparison is at
/// worst missed, never made up.
bool sameAfterCse(Value a, Value b, unsigned depth = 0) {
  if (a == b)
    return true;
  auto lhs = dyn_cast<OpResult>(a);
  auto rhs = dyn_cast<OpResult>(b);
  if (!lhs || !rhs || depth >= kMaxDepth ||
      lhs.getResultNumber() != rhs.getResultNumber())
    return false;
  Operation *lhsOp = lhs.getOwner();
  Operation *rhsOp = rhs.getOwner();
  if (lhsOp->getName() != rhsOp->getName() || lhsOp->getNumRegions() != 0 ||
      !isMemoryEffectFree(lhsOp))
    return false;
  return OperationEquivalence::isEquivalentTo(
      lhsOp, rhsOp,
      [&](Value x, Value y) { return success(sameAfterCse(x, y, depth + 1)); },
      /*markEquivalent=*/nullptr, OperationEquivalence::IgnoreLocations);
}
} // namespace

SmallVector<Value>
bufferlens::comparedByLowering(bufferization::DeallocOp dealloc) {
  ValueRange memrefs = dealloc.getMemrefs();
  ValueRange retained = dealloc.getRetained();
  SmallVector<Value> compared;
  if (memrefs.empty())
    return compared;
  if (memrefs.size() == 1) {
    Value memref = memrefs.front();
    for (Value value : retained)
      if (!sameAfterCse(memref, value))
        compared.push_back(value);
    if (!compared.empty())
      compared.insert(compared.begin(), memref);
    return compared;
  }
  compared.append(memrefs.begin(), memrefs.end());
  compared.append(retained.begin(), retained.end());
  return compared;
}
