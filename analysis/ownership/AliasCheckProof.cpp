//===- AliasCheckProof.cpp ------------------------------------------------===//
//
// Each rule below is one of upstream's rewrites, applied only where its
// match is certain, so the proof under-approximates what the pipeline
// removes:
//
// - i1 folding (arith.constant, andi, ori, xori, select): the canonicalizer
//   folds these whenever the operands it needs are constants;
// - an scf.if i1 result whose branches both yield the same constant becomes
//   that constant (ReplaceIfYieldWithConditionOrValue), as the ownership
//   results the pass appends to an scf.if usually do;
// - EraseAlwaysFalseDealloc: a memref whose condition folds to false leaves
//   the dealloc;
// - EraseEmptyDealloc: a dealloc with no memref left is erased and its
//   results become false;
// - RemoveDeallocMemrefsContainedInRetained (simplification pass): the one
//   memref left leaves the dealloc when the only retained value is that
//   memref or the buffer whose base it is (BufferOriginAnalysis answers
//   "same allocation" for one SSA value without looking further).
//
// The pipeline canonicalizes before the ownership pass and this looks at
// the pass's output on the function as written, so the argument is checked
// against the pipeline itself: test/unit/RuntimeAliasCheckFilterTest.cpp.
//
//===----------------------------------------------------------------------===//

#include "analysis/ownership/AliasCheckProof.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>

using namespace mlir;

namespace {

/// What the pipeline surely makes of i1 values (the constant they fold to)
/// and of deallocs (what is left of them).
class ConditionFolder {
public:
  std::optional<bool> fold(Value value, unsigned depth = 0) {
    auto known = cache.find(value);
    if (known != cache.end())
      return known->second;
    // Long chains are left unproven rather than recursed into.
    std::optional<bool> folded =
        depth > kMaxDepth ? std::nullopt : compute(value, depth + 1);
    cache[value] = folded;
    return folded;
  }

  /// What is surely left of a dealloc after the rewrites above (at most
  /// that much: the pipeline may remove more).
  struct Outcome {
    unsigned memrefsLeft = 0;
    bool retainsLeft = false;
    /// The condition of the memref the simplification moved into the
    /// retained value's result.
    Value mergedCondition;
  };
  Outcome simplify(bufferization::DeallocOp dealloc, unsigned depth = 0) {
    Outcome outcome;
    Value onlyMemref;
    for (auto [memref, condition] :
         llvm::zip(dealloc.getMemrefs(), dealloc.getConditions())) {
      if (fold(condition, depth) == false)
        continue;
      ++outcome.memrefsLeft;
      onlyMemref = memref;
      outcome.mergedCondition = condition;
    }
    if (outcome.memrefsLeft == 0)
      return outcome; // Erased: no lowering at all.
    if (outcome.memrefsLeft == 1 && dealloc.getRetained().size() == 1 &&
        isBufferOrItsBase(onlyMemref, dealloc.getRetained().front())) {
      outcome.memrefsLeft = 0;
      return outcome;
    }
    outcome.mergedCondition = nullptr;
    outcome.retainsLeft = !dealloc.getRetained().empty();
    return outcome;
  }

private:
  static constexpr unsigned kMaxDepth = 64;

  static bool isBufferOrItsBase(Value memref, Value buffer) {
    if (memref == buffer)
      return true;
    auto metadata = memref.getDefiningOp<memref::ExtractStridedMetadataOp>();
    return metadata && metadata.getBaseBuffer() == memref &&
           metadata.getSource() == buffer;
  }

  /// `lhs and rhs` (absorbing false) or `lhs or rhs` (absorbing true): one
  /// side equal to the absorbing value decides alone, else both must be
  /// known.
  std::optional<bool> foldJunction(Value lhs, Value rhs, unsigned depth,
                                   bool absorbing) {
    std::optional<bool> left = fold(lhs, depth);
    std::optional<bool> right = fold(rhs, depth);
    if (left == absorbing || right == absorbing)
      return absorbing;
    if (left && right)
      return !absorbing;
    return std::nullopt;
  }

  std::optional<bool> compute(Value value, unsigned depth) {
    llvm::APInt bits;
    if (value.getType().isInteger(1) &&
        matchPattern(value, m_ConstantInt(&bits)))
      return !bits.isZero();
    Operation *op = value.getDefiningOp();
    if (!op)
      return std::nullopt;
    if (auto andOp = dyn_cast<arith::AndIOp>(op))
      return foldJunction(andOp.getLhs(), andOp.getRhs(), depth,
                          /*absorbing=*/false);
    if (auto orOp = dyn_cast<arith::OrIOp>(op))
      return foldJunction(orOp.getLhs(), orOp.getRhs(), depth,
                          /*absorbing=*/true);
    if (auto xorOp = dyn_cast<arith::XOrIOp>(op)) {
      if (xorOp.getLhs() == xorOp.getRhs())
        return false;
      std::optional<bool> lhs = fold(xorOp.getLhs(), depth);
      std::optional<bool> rhs = fold(xorOp.getRhs(), depth);
      if (lhs && rhs)
        return *lhs != *rhs;
      return std::nullopt;
    }
    if (auto select = dyn_cast<arith::SelectOp>(op)) {
      if (std::optional<bool> condition = fold(select.getCondition(), depth))
        return fold(*condition ? select.getTrueValue() : select.getFalseValue(),
                    depth);
      std::optional<bool> whenTrue = fold(select.getTrueValue(), depth);
      if (whenTrue && whenTrue == fold(select.getFalseValue(), depth))
        return whenTrue;
      return std::nullopt;
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      // An i1 result both branches yield the same constant for becomes
      // that constant (ReplaceIfYieldWithConditionOrValue): how the pass's
      // ownership results of an scf.if usually fold.
      if (ifOp.getElseRegion().empty())
        return std::nullopt;
      unsigned i = cast<OpResult>(value).getResultNumber();
      std::optional<bool> thenValue =
          fold(ifOp.thenYield().getOperand(i), depth);
      if (thenValue && thenValue == fold(ifOp.elseYield().getOperand(i), depth))
        return thenValue;
      return std::nullopt;
    }
    if (auto dealloc = dyn_cast<bufferization::DeallocOp>(op)) {
      Outcome outcome = simplify(dealloc, depth);
      if (outcome.memrefsLeft != 0)
        return std::nullopt;
      // An erased dealloc's results are false; one whose only memref moved
      // into its single retained value yields that memref's condition.
      if (!outcome.mergedCondition)
        return false;
      return fold(outcome.mergedCondition, depth);
    }
    return std::nullopt;
  }

  llvm::DenseMap<Value, std::optional<bool>> cache;
};

} // namespace

bool bufferlens::provablyNoRuntimeAliasCheck(Operation *function) {
  ConditionFolder folder;
  WalkResult walk = function->walk([&](bufferization::DeallocOp dealloc) {
    ConditionFolder::Outcome outcome = folder.simplify(dealloc);
    if (outcome.memrefsLeft > 1 ||
        (outcome.memrefsLeft == 1 && outcome.retainsLeft))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return !walk.wasInterrupted();
}
