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
// - DeallocRemoveDuplicateRetainedMemrefs: a value retained twice has one
//   result;
// and, from the buffer-deallocation-simplification pass
// (mlir/lib/Dialect/Bufferization/Transforms/
// BufferDeallocationSimplification.cpp), asking upstream's own
// BufferOriginAnalysis whether two buffers are the same allocation:
// - RemoveDeallocMemrefsContainedInRetained: a memref (or the buffer whose
//   base it is) that is surely the same allocation as one retained value
//   and surely another than each other one leaves the dealloc; its
//   condition joins those retained values' results;
// - RemoveRetainedMemrefsGuaranteedToNotAlias: a retained value that
//   surely aliases no memref left is dropped; its result is false;
// - SplitDeallocWhenNotAliasingAnyOther: memrefs that surely alias no other
//   one get a dealloc each, which compares nothing once it retains nothing.
//
// Each rule asks about pairs of buffers (a retained value and a memref,
// two memrefs), which is quadratic in a dealloc's operands: the one at the
// end of a function of 16,000 allocations took 26 s. Most pairs are surely
// distinct allocations by the origin analysis's own rule, which reads each
// buffer's terminal origins alone (BufferOrigin below); so each buffer's
// origins are read once, the buffers are grouped by origin, and only the
// pairs that rule does not settle are asked, in the order the rewrites ask
// them: the answers, hence the proof, are those of the pairwise loops.
//
// The pipeline canonicalizes before the ownership pass and this looks at
// the pass's output on the function as written, so the argument is checked
// against the pipeline itself: test/unit/AliasCheckProofTest.cpp and
// test/unit/RuntimeAliasCheckFilterTest.cpp.
//
//===----------------------------------------------------------------------===//

#include "analysis/ownership/AliasCheckProof.h"
#include "analysis/FunctionBudget.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/BufferViewFlowOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

#include <memory>
#include <optional>

using namespace mlir;

namespace {

/// The value a chain of views (subview, cast, extract_strided_metadata's
/// base buffer, ...) starts from.
Value viewBase(Value value) {
  while (auto view = value.getDefiningOp<ViewLikeOpInterface>()) {
    if (value != view.getViewDest())
      break;
    value = view.getViewSource();
  }
  return value;
}

/// The simplification pass's shortcut beside the origin analysis: a buffer
/// allocated inside the block a block argument belongs to is not that
/// argument's buffer.
bool distinctAllocAndBlockArgument(Value lhs, Value rhs) {
  auto allocatedInside = [](Value allocated, Value argument) {
    Operation *op = allocated.getDefiningOp();
    auto blockArgument = dyn_cast<BlockArgument>(argument);
    return op && blockArgument &&
           hasEffect<MemoryEffects::Allocate>(op, allocated) &&
           blockArgument.getOwner()->findAncestorOpInBlock(*op);
  };
  Value lhsBase = viewBase(lhs), rhsBase = viewBase(rhs);
  return allocatedInside(lhsBase, rhsBase) || allocatedInside(rhsBase, lhsBase);
}

/// What BufferOriginAnalysis::isSameAllocation reads of one buffer
/// (mlir/lib/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.cpp):
/// the terminal buffers it originates from, and whether they are all
/// allocations, or all allocations or arguments of the function's entry
/// block. For two buffers with disjoint terminals, isSameAllocation answers
/// false exactly when one originates from allocations only and the other
/// from allocations or function arguments only; with shared terminals it
/// never answers false.
struct BufferOrigin {
  /// The terminals, and the view base: isSameAllocation answers true for
  /// buffers of one view base before it reads terminals.
  SmallVector<Value, 2> keys;
  bool allAllocations = true;
  bool allAllocationsOrArguments = true;
};

/// Buffers by BufferOrigin::keys, to find the pairs whose terminals are
/// not disjoint without comparing every pair.
using ByTerminal = llvm::DenseMap<Value, SmallVector<unsigned, 1>>;

/// What the pipeline surely makes of i1 values (the constant they fold to)
/// and of deallocs (what is left of them).
class ConditionFolder {
public:
  ConditionFolder(Operation *function, bufferlens::AliasCheckProofStats &stats)
      : function(function), stats(stats) {}

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
    /// Whether a dealloc left of it may compare base pointers: it frees
    /// memrefs that may alias each other, or retains a value that may
    /// alias one it frees.
    bool comparesPointers = false;
    /// Per retained value, in the dealloc's order: the conditions of the
    /// memrefs that moved into its result ...
    SmallVector<SmallVector<Value, 1>> merged;
    /// ... and whether a dealloc left may still set that result.
    SmallVector<bool> stillComputed;
  };
  const Outcome &simplify(bufferization::DeallocOp dealloc,
                          unsigned depth = 0) {
    auto known = outcomes.find(dealloc);
    if (known != outcomes.end())
      return *known->second;
    // Computed before it is stored: folding its conditions may simplify
    // other deallocs, which grows the map.
    auto outcome = std::make_unique<Outcome>(computeOutcome(dealloc, depth));
    return *outcomes.try_emplace(dealloc, std::move(outcome)).first->second;
  }

private:
  static constexpr unsigned kMaxDepth = 64;

  /// BufferOriginAnalysis's answer, built the first time a dealloc needs
  /// it: most deallocs are settled by their conditions alone.
  std::optional<bool> sameAllocation(Value lhs, Value rhs) {
    if (viewBase(lhs) == viewBase(rhs))
      return true;
    if (!origins)
      origins.emplace(function);
    return origins->isSameAllocation(lhs, rhs);
  }

  /// Whether `op`'s BufferViewFlowOpInterface registers dependencies of
  /// its own results and region arguments only.
  static bool registersOwnValuesOnly(Operation *op) {
    auto flowOp = dyn_cast<bufferization::BufferViewFlowOpInterface>(op);
    if (!flowOp)
      return true;
    bool own = true;
    flowOp.populateDependencies([&](ValueRange, ValueRange dependents) {
      for (Value dependent : dependents) {
        Operation *owner = dependent.getDefiningOp();
        if (auto argument = dyn_cast<BlockArgument>(dependent))
          owner = argument.getOwner()->getParentOp();
        own &= owner == op;
      }
    });
    return own;
  }

  /// Whether the alias analysis of the whole function would give `base`
  /// no source but itself, and find it allocated: `base` is allocated by
  /// an op that has no regions, takes no buffer, and is none of the ops
  /// whose results the analysis gives sources (views, calls, branches,
  /// BufferViewFlowOpInterface), and no op of the function gives sources
  /// to another op's values (checked once). BufferOrigin then holds `base`
  /// alone, allocated, whether or not the analysis calls it terminal:
  /// exactly what originOf reads from the analysis, without building it.
  /// The analysis holds a set per buffer of the function, about 1 KB each:
  /// 105 MB for the dealloc of 66,666 allocations that bench/blowups.py's
  /// `select` shape ends with, whose every memref is an allocation's.
  bool allocatedWithoutSources(Value base) {
    auto result = dyn_cast<OpResult>(base);
    if (!result || stats.alwaysBuildFlow)
      return false;
    Operation *op = result.getOwner();
    if (op->getNumRegions() != 0 ||
        isa<ViewLikeOpInterface, bufferization::BufferViewFlowOpInterface,
            CallOpInterface, BranchOpInterface, RegionBranchOpInterface>(op) ||
        llvm::any_of(op->getOperandTypes(),
                     [](Type type) { return isa<BaseMemRefType>(type); }) ||
        !hasEffect<MemoryEffects::Allocate>(op, base))
      return false;
    if (!flowStaysWithItsOps)
      flowStaysWithItsOps = !function
                                 ->walk([&](Operation *each) {
                                   return registersOwnValuesOnly(each)
                                              ? WalkResult::advance()
                                              : WalkResult::interrupt();
                                 })
                                 .wasInterrupted();
    return *flowStaysWithItsOps;
  }

  /// `value`'s terminal origins, as isSameAllocation gathers them, read once
  /// per view base (or told at once, by allocatedWithoutSources). Valid
  /// until the next call.
  const BufferOrigin &originOf(Value value) {
    Value base = viewBase(value);
    auto known = bufferOrigins.find(base);
    if (known != bufferOrigins.end())
      return known->second;
    if (allocatedWithoutSources(base)) {
      // Not remembered: it is as quick to tell again, and an entry per
      // allocation of a long function was part of lint's peak memory
      // (bench/README.md, "select"). No caller holds an origin across
      // another call.
      allocatedAlone.keys.assign(1, base);
      return allocatedAlone;
    }
    if (!flow) {
      flow.emplace(function);
      ++stats.flowAnalyses;
    }
    BufferOrigin origin;
    for (Value source : flow->resolveReverse(base)) {
      if (!isa<BaseMemRefType>(source.getType()) ||
          !flow->mayBeTerminalBuffer(source))
        continue;
      origin.keys.push_back(source);
      bool allocated = false;
      if (Operation *op = source.getDefiningOp())
        allocated = hasEffect<MemoryEffects::Allocate>(op, source);
      bool argument = false;
      if (auto blockArgument = dyn_cast<BlockArgument>(source))
        if (auto fn = dyn_cast<FunctionOpInterface>(
                blockArgument.getOwner()->getParentOp()))
          argument = blockArgument.getOwner() == &fn.getFunctionBody().front();
      origin.allAllocations &= allocated;
      origin.allAllocationsOrArguments &= allocated || argument;
    }
    if (!llvm::is_contained(origin.keys, base))
      origin.keys.push_back(base);
    return bufferOrigins.try_emplace(base, std::move(origin)).first->second;
  }

  /// Indices into `buffers` by terminal, and those of the buffers that do
  /// not originate from allocations only (`notAllocations`) and, of these,
  /// from neither allocations nor function arguments (`neither`).
  struct Grouped {
    ByTerminal byTerminal;
    SmallVector<unsigned> notAllocations, neither;
  };
  Grouped group(ArrayRef<Value> buffers) {
    Grouped grouped;
    for (auto [i, buffer] : llvm::enumerate(buffers)) {
      const BufferOrigin &origin = originOf(buffer);
      for (Value key : origin.keys)
        grouped.byTerminal[key].push_back(i);
      if (!origin.allAllocations)
        grouped.notAllocations.push_back(i);
      if (!origin.allAllocationsOrArguments)
        grouped.neither.push_back(i);
    }
    return grouped;
  }

  /// The indices in `candidates` of the buffers `value` may be the same
  /// allocation as (isSameAllocation not surely false), ascending and
  /// without repeats: those sharing a terminal with it, and those the
  /// origin rule does not tell apart from it.
  SmallVector<unsigned> undecidedWith(Value value, const Grouped &candidates,
                                      size_t count) {
    const BufferOrigin &origin = originOf(value);
    SmallVector<unsigned> found;
    if (!origin.allAllocationsOrArguments) {
      // Told apart from nothing.
      for (unsigned i = 0; i < count; ++i)
        found.push_back(i);
      return found;
    }
    for (Value key : origin.keys) {
      auto group = candidates.byTerminal.find(key);
      if (group != candidates.byTerminal.end())
        found.append(group->second.begin(), group->second.end());
    }
    // Allocations only are told apart from allocations and arguments;
    // arguments (and allocations) from allocations only.
    const SmallVector<unsigned> &untold =
        origin.allAllocations ? candidates.neither : candidates.notAllocations;
    found.append(untold.begin(), untold.end());
    llvm::sort(found);
    found.erase(std::unique(found.begin(), found.end()), found.end());
    return found;
  }

  /// The simplification pass's potentiallyAliasesMemref for one pair.
  bool mayAlias(Value lhs, Value rhs) {
    return !distinctAllocAndBlockArgument(lhs, rhs) &&
           sameAllocation(lhs, rhs) != false;
  }

  /// RemoveDeallocMemrefsContainedInRetained for one memref: it moves into
  /// the results of the retained values that are surely its allocation,
  /// provided there is one and every other is surely another. Only the
  /// retained values the origin rule does not settle are asked.
  bool moveIntoRetained(ArrayRef<Value> retained, const Grouped &byOrigin,
                        Value memref, Value condition, Outcome &outcome) {
    SmallVector<unsigned> same;
    for (unsigned i : undecidedWith(memref, byOrigin, retained.size())) {
      if (bufferlens::budgetExhausted())
        return false; // Dropped with the function (FunctionBudget.h).
      std::optional<bool> answer = sameAllocation(retained[i], memref);
      if (!answer)
        return false;
      if (*answer)
        same.push_back(i);
    }
    for (unsigned i : same)
      outcome.merged[i].push_back(condition);
    return !same.empty();
  }

  /// Whether two of `left` may alias, as the pairwise loop over them asks:
  /// only the pairs the origin rule does not settle are asked.
  bool anyTwoMayAlias(ArrayRef<Value> left, const Grouped &byOrigin) {
    for (auto [i, memref] : llvm::enumerate(left))
      for (unsigned j : undecidedWith(memref, byOrigin, left.size())) {
        if (bufferlens::budgetExhausted())
          return true; // Not proven; dropped with the function.
        if (j > i && mayAlias(memref, left[j]))
          return true;
      }
    return false;
  }

  Outcome computeOutcome(bufferization::DeallocOp dealloc, unsigned depth) {
    // A value retained twice has one result.
    llvm::SmallSetVector<Value, 4> retained(dealloc.getRetained().begin(),
                                            dealloc.getRetained().end());
    Outcome unique;
    unique.merged.resize(retained.size());
    unique.stillComputed.assign(retained.size(), false);

    SmallVector<Value> left;
    // Grouped when a memref first needs it: most deallocs are settled by
    // their conditions alone, and grouping builds the flow analysis.
    std::optional<Grouped> retainedGroups;
    auto retainedByOrigin = [&]() -> const Grouped & {
      if (!retainedGroups)
        retainedGroups = group(retained.getArrayRef());
      return *retainedGroups;
    };
    for (auto [memref, condition] :
         llvm::zip(dealloc.getMemrefs(), dealloc.getConditions())) {
      if (fold(condition, depth) == false)
        continue;
      if (!retained.empty()) {
        if (moveIntoRetained(retained.getArrayRef(), retainedByOrigin(), memref,
                             condition, unique))
          continue;
        if (auto metadata =
                memref.getDefiningOp<memref::ExtractStridedMetadataOp>())
          if (moveIntoRetained(retained.getArrayRef(), retainedByOrigin(),
                               metadata.getSource(), condition, unique))
            continue;
      }
      left.push_back(memref);
    }
    Grouped leftByOrigin;
    if (!left.empty() && (!retained.empty() || left.size() > 1))
      leftByOrigin = group(left);
    for (auto [i, value] : llvm::enumerate(retained))
      unique.stillComputed[i] = llvm::any_of(
          undecidedWith(value, leftByOrigin, left.size()), [&](unsigned j) {
            return bufferlens::budgetExhausted() || mayAlias(value, left[j]);
          });
    unique.comparesPointers = llvm::is_contained(unique.stillComputed, true) ||
                              anyTwoMayAlias(left, leftByOrigin);

    // Back to the dealloc's own retained list, duplicates included.
    Outcome outcome;
    outcome.comparesPointers = unique.comparesPointers;
    for (Value value : dealloc.getRetained()) {
      size_t i = llvm::find(retained, value) - retained.begin();
      outcome.merged.push_back(unique.merged[i]);
      outcome.stillComputed.push_back(unique.stillComputed[i]);
    }
    return outcome;
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
      // The disjunction of the conditions that moved into the result, and
      // false for a retained value no dealloc left computes.
      const Outcome &outcome = simplify(dealloc, depth);
      unsigned i = cast<OpResult>(value).getResultNumber();
      bool unknown = outcome.stillComputed[i];
      for (Value condition : outcome.merged[i]) {
        std::optional<bool> folded = fold(condition, depth);
        if (folded == true)
          return true;
        unknown |= !folded;
      }
      return unknown ? std::nullopt : std::optional<bool>(false);
    }
    return std::nullopt;
  }

  Operation *function;
  bufferlens::AliasCheckProofStats &stats;
  std::optional<bool> flowStaysWithItsOps;
  std::optional<BufferOriginAnalysis> origins;
  /// The flow isSameAllocation reads origins from, for BufferOrigin.
  std::optional<BufferViewFlowAnalysis> flow;
  llvm::DenseMap<Value, BufferOrigin> bufferOrigins;
  /// The origin of the last buffer allocatedWithoutSources accepted.
  BufferOrigin allocatedAlone;
  llvm::DenseMap<Value, std::optional<bool>> cache;
  llvm::DenseMap<Operation *, std::unique_ptr<Outcome>> outcomes;
};

} // namespace

bool bufferlens::provablyNoRuntimeAliasCheck(Operation *function) {
  AliasCheckProofStats stats;
  return provablyNoRuntimeAliasCheck(function, stats);
}

bool bufferlens::provablyNoRuntimeAliasCheck(Operation *function,
                                             AliasCheckProofStats &stats) {
  ConditionFolder folder(function, stats);
  WalkResult walk = function->walk([&](bufferization::DeallocOp dealloc) {
    return folder.simplify(dealloc).comparesPointers ||
                   bufferlens::budgetExhausted()
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return !walk.wasInterrupted();
}
