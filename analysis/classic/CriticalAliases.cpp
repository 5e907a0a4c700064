//===- CriticalAliases.cpp - BL201: critical aliases and their clones -----===//
//
// BufferDeallocationInternals.md "Introduction of Clones": a fix-point over the
// immediate aliases of every tracked allocation marks each alias that the value
// it came from does not properly dominate as critical; each critical alias then
// gets a clone in every predecessor (BranchOpInterface operands, region
// terminators through RegionBranchOpInterface, or the region op's own entry
// operands), so that it always holds a buffer of its own.
//
//===----------------------------------------------------------------------===//

#include "analysis/checker/MemoryEffects.h"
#include "analysis/classic/Ancestors.h"
#include "analysis/classic/Internal.h"
#include "analysis/ir/BufferFacts.h"
#include "analysis/ir/SourceIndex.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace bufferlens;
using namespace bufferlens::classic;
using namespace mlir;

/// Whether an op marked `bufferization.manual_deallocation` frees `buffer`.
static bool freedByHand(Value buffer) {
  for (Operation *user : buffer.getUsers())
    if (user->hasAttr(
            bufferization::BufferizationDialect::kManualDeallocation) &&
        llvm::is_contained(checker::freedOperands(*user), buffer))
      return true;
  return false;
}

void classic::collectAllocations(ScratchState &state) {
  state.func->walk<WalkOrder::PreOrder>([&](Operation *op) {
    for (Value result : op->getResults())
      state.order.try_emplace(result, state.order.size());
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          state.order.try_emplace(arg, state.order.size());
  });
  state.func->walk([&](Operation *op) {
    if (op == state.func)
      return;
    // An allocation marked `bufferization.manual_deallocation`, or freed by
    // an op so marked, is the user's to free (the attribute's description in
    // BufferizationBase.td, MLIR 22: the ownership-based pass leaves it
    // alone). Such a free does not make the function deallocated IR
    // (freesMemory), so the plan must not free the buffer a second time.
    if (op->hasAttr(bufferization::BufferizationDialect::kManualDeallocation))
      return;
    for (Value result : op->getResults())
      if (isa<BaseMemRefType>(result.getType()) &&
          classifyBuffer(result) == BufferKind::HeapAlloc &&
          !freedByHand(result))
        state.allocs.push_back(result);
  });
}

void classic::findCriticalAliases(ScratchState &state) {
  llvm::DenseSet<std::pair<Value, Block *>> visited;
  SmallVector<std::pair<Value, Block *>, 8> toProcess;
  Ancestors ancestors; // Nothing moves during the fix-point.
  auto findUnsafeValues = [&](Value source, Block *definingBlock) {
    std::optional<unsigned> at = state.aliases->find(source);
    if (!at)
      return;
    // Sorted by position so that the order of discovery is deterministic.
    SmallVector<Value> direct;
    for (unsigned target : state.aliases->dependencies(*at))
      direct.push_back(state.aliases->value(target));
    llvm::sort(direct, [&](Value a, Value b) {
      return state.order.lookup(a) < state.order.lookup(b);
    });
    for (Value value : direct) {
      if (value == source)
        continue;
      if (state.critical.contains(value)) {
        state.criticalBecause[value].push_back(source);
        continue;
      }
      Block *parentBlock = value.getParentBlock();
      // dominates(definingBlock, parentBlock), through the ancestor of
      // parentBlock in definingBlock's region, as upstream's
      // properlyDominatesImpl climbs (mlir/lib/IR/Dominance.cpp), but
      // remembered across the fix-point.
      Block *enclosing =
          ancestors.blockIn(definingBlock->getParent(), parentBlock);
      if (!enclosing || !state.dominators.dominates(definingBlock, enclosing) ||
          (definingBlock == parentBlock && isa<BlockArgument>(value))) {
        toProcess.emplace_back(value, parentBlock);
        state.critical.insert(value);
        state.criticalBecause[value].push_back(source);
      } else {
        state.aliasOf[value].push_back(source);
        if (visited.insert({value, definingBlock}).second)
          toProcess.emplace_back(value, definingBlock);
      }
    }
  };
  for (Value alloc : state.allocs)
    findUnsafeValues(alloc, alloc.getParentBlock());
  while (!toProcess.empty() && !budgetExhausted()) {
    auto [value, block] = toProcess.pop_back_val();
    findUnsafeValues(value, block);
  }
  for (Value value : state.critical)
    state.aliasOf.erase(value);
  state.aliases->remove(state.critical);
  // Nothing reads the analysis after this but placeDeallocs, through the
  // closure.
  state.closure.emplace(std::move(*state.aliases));
  state.aliases.reset();
}

bool classic::isRegionBackEdge(Operation *terminator, Region *to) {
  Region *from = terminator->getParentRegion();
  return from->getParentOp() == to->getParentOp() &&
         to->getRegionNumber() <= from->getRegionNumber();
}

namespace {
/// Inserts the clones of one critical alias.
class CloneInserter {
public:
  CloneInserter(ScratchState &state, Value critical)
      : state(state), critical(critical) {}

  bool run() {
    if (auto arg = dyn_cast<BlockArgument>(critical))
      return forBlockArgument(arg);
    return forRegionResult();
  }

private:
  bool fail(Operation *op, std::string why) {
    state.failure = std::move(why);
    state.failureOp = op;
    return false;
  }

  /// A clone of `source` in front of `user`; a clone is never cloned
  /// again (the pass's rule against clone chains).
  Value cloneBefore(Value source, Operation *user, bool backEdge) {
    if (state.clonedValues.contains(source)) {
      Operation *existing = source.getDefiningOp();
      state.clonesFor[critical].push_back(existing);
      if (backEdge)
        state.backEdgeClones.insert(existing);
      return source;
    }
    OpBuilder builder(user);
    auto clone =
        bufferization::CloneOp::create(builder, user->getLoc(), source);
    state.clonedValues.insert(clone.getResult());
    state.cloneOps.push_back(clone);
    state.clonesFor[critical].push_back(clone);
    if (backEdge)
      state.backEdgeClones.insert(clone);
    return clone.getResult();
  }

  bool forBlockArgument(BlockArgument arg) {
    Block *block = arg.getOwner();
    for (auto it = block->pred_begin(), e = block->pred_end(); it != e; ++it) {
      Operation *terminator = (*it)->getTerminator();
      auto branch = dyn_cast<BranchOpInterface>(terminator);
      if (!branch)
        return fail(terminator, "`" +
                                    terminator->getName().getStringRef().str() +
                                    "` passes a buffer to a block but does not "
                                    "implement BranchOpInterface");
      SuccessorOperands operands =
          branch.getSuccessorOperands(it.getSuccessorIndex());
      Value source = operands[arg.getArgNumber()];
      if (!source)
        return fail(terminator, "`" +
                                    terminator->getName().getStringRef().str() +
                                    "` produces the block argument itself");
      Value clone = cloneBefore(source, terminator, /*backEdge=*/false);
      terminator->setOperand(operands.getOperandIndex(arg.getArgNumber()),
                             clone);
    }

    Region *region = block->getParent();
    Operation *parent = region->getParentOp();
    auto regionOp = dyn_cast<RegionBranchOpInterface>(parent);
    if (&region->front() != block || !regionOp)
      return true;
    // Predecessors among the op's own regions (e.g. the loop's back edge).
    if (!forRegionSuccessors(regionOp, arg, [&](RegionSuccessor &s) {
          return s.getSuccessor() == region;
        }))
      return false;
    // The operands entering the region from the parent op.
    SmallVector<RegionSuccessor, 2> successors;
    regionOp.getSuccessorRegions(RegionBranchPoint::parent(), successors);
    auto *entry = llvm::find_if(successors, [&](RegionSuccessor &s) {
      return s.getSuccessor() == region;
    });
    if (entry == successors.end())
      return true;
    OperandRange operands = regionOp.getEntrySuccessorOperands(*entry);
    auto inputs = entry->getSuccessorInputs();
    auto pos = llvm::find(inputs, Value(arg));
    if (pos == inputs.end())
      return true;
    unsigned index =
        operands.getBeginOperandIndex() + std::distance(inputs.begin(), pos);
    Value clone = cloneBefore(parent->getOperand(index), parent, false);
    parent->setOperand(index, clone);
    return true;
  }

  bool forRegionResult() {
    Operation *op = critical.getDefiningOp();
    auto regionOp = dyn_cast<RegionBranchOpInterface>(op);
    if (!regionOp)
      return fail(op, "`" + op->getName().getStringRef().str() +
                          "` merges buffers but does not implement "
                          "RegionBranchOpInterface");
    return forRegionSuccessors(regionOp, critical,
                               [](RegionSuccessor &s) { return s.isParent(); });
  }

  template <typename Predicate>
  bool forRegionSuccessors(RegionBranchOpInterface regionOp, Value input,
                           Predicate matches) {
    for (Region &region : regionOp->getRegions()) {
      SmallVector<RegionSuccessor, 2> successors;
      regionOp.getSuccessorRegions(region, successors);
      auto *successor = llvm::find_if(successors, matches);
      if (successor == successors.end())
        continue;
      auto inputs = successor->getSuccessorInputs();
      auto pos = llvm::find(inputs, input);
      if (pos == inputs.end())
        continue;
      size_t index = std::distance(inputs.begin(), pos);
      for (Block &block : region) {
        Operation *terminator = block.getTerminator();
        auto returnLike =
            dyn_cast<RegionBranchTerminatorOpInterface>(terminator);
        if (!returnLike)
          continue;
        MutableOperandRange operands =
            returnLike.getMutableSuccessorOperands(*successor);
        OperandRange current = operands;
        unsigned first = current.getBeginOperandIndex();
        if (index >= current.size())
          return fail(terminator,
                      "`" + terminator->getName().getStringRef().str() +
                          "` forwards fewer values than its "
                          "successor takes");
        bool backEdge = successor->getSuccessor() &&
                        isRegionBackEdge(terminator, successor->getSuccessor());
        if (backEdge)
          state.loopCarried.insert(input);
        Value clone = cloneBefore(current[index], terminator, backEdge);
        terminator->setOperand(first + index, clone);
      }
    }
    return true;
  }

  ScratchState &state;
  Value critical;
};
} // namespace

bool classic::introduceClones(ScratchState &state) {
  for (Value value : state.critical) {
    if (!CloneInserter(state, value).run())
      return false;
    state.allocs.push_back(value);
  }
  return true;
}

void classic::reportCriticalAliases(SourceIndex &index,
                                    const ClassicPlan &plan) {
  AnalysisResult &result = index.result();
  for (const ClassicValue &value : plan.values) {
    if (!value.critical)
      continue;
    std::vector<std::string> sources, before, in;
    Finding finding;
    auto addOnce = [](std::vector<std::string> &list, std::string word) {
      if (std::find(list.begin(), list.end(), word) == list.end())
        list.push_back(std::move(word));
    };
    for (int32_t c : value.clones) {
      const ClassicClone &clone = plan.clones[c];
      std::string source = result.values[clone.source].name;
      addOnce(sources, source);
      const OpEntry &user = result.ops[clone.user];
      // A clone of an operand entering a region op goes in front of it.
      if (index.op(clone.user)->getNumRegions() > 0)
        addOnce(before, "before " + user.name);
      else
        addOnce(in, describeBlock(result, clone.block));
      finding.related.push_back(
          {useRangeIn(result, clone.source, clone.user),
           source + " flows into " + result.values[value.value].name +
               " here: the plan clones it before " + user.name});
    }
    std::vector<std::string> sites = before;
    if (!in.empty())
      sites.push_back("in " + joinWords(in));
    finding.code = FindingCode::BL201;
    finding.severity = Severity::Info;
    // rangeOf falls back to the defining op for a result the source does
    // not name (`scf.while (...)` without `%r =`).
    finding.range = index.rangeOf(index.value(value.value));
    finding.message = result.values[value.value].name +
                      " is a critical alias of " + joinWords(sources) +
                      ": it needs a clone " + joinWords(sites);
    result.findings.push_back(std::move(finding));
  }
}
