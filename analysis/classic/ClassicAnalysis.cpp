//===- ClassicAnalysis.cpp - Runs the classic algorithm on one function ---===//
//
// The algorithm inserts clones and deallocs into a scratch copy of the
// function, exactly where the old pass did and in its order; the copy is
// then read back against the user's ops and values into a ClassicPlan, and
// thrown away.
//
//===----------------------------------------------------------------------===//

#include "analysis/classic/ClassicAnalysis.h"
#include "analysis/checker/MemoryEffects.h"
#include "analysis/classic/Internal.h"
#include "analysis/ir/BufferFacts.h"
#include "analysis/ir/DestroyIR.h"
#include "analysis/ir/SourceIndex.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"

#include <map>

using namespace bufferlens;
using namespace bufferlens::classic;
using namespace mlir;

namespace {
/// Scratch-copy objects <-> the user's objects.
struct CopyMap {
  llvm::DenseMap<Operation *, Operation *> ops;
  llvm::DenseMap<Value, Value> values;
  llvm::DenseMap<Block *, Block *> blocks;

  /// Pairs `original` and `copy`, which have the same structure.
  void pair(Operation *original, Operation *copy) {
    SmallVector<Operation *> from, to;
    original->walk<WalkOrder::PreOrder>(
        [&](Operation *op) { from.push_back(op); });
    copy->walk<WalkOrder::PreOrder>([&](Operation *op) { to.push_back(op); });
    for (size_t i = 0; i < from.size() && i < to.size(); ++i) {
      ops[to[i]] = from[i];
      for (auto [a, b] : llvm::zip(from[i]->getResults(), to[i]->getResults()))
        values[b] = a;
      for (auto [ra, rb] :
           llvm::zip(from[i]->getRegions(), to[i]->getRegions()))
        for (auto [ba, bb] : llvm::zip(ra, rb)) {
          blocks[&bb] = &ba;
          for (auto [a, b] : llvm::zip(ba.getArguments(), bb.getArguments()))
            values[b] = a;
        }
    }
  }
};

class PlanReader {
public:
  PlanReader(SourceIndex &index, const ScratchState &state, const CopyMap &map,
             ClassicPlan &plan)
      : index(index), state(state), map(map), plan(plan) {}

  void read() {
    for (Operation *clone : state.cloneOps)
      readClone(clone);
    state.func->walk([&](Block *block) { readBlock(*block); });
    readValues();
  }

private:
  ValueId id(Value copy) const { return index.idOf(map.values.lookup(copy)); }
  OpId id(Operation *copy) const { return index.idOf(map.ops.lookup(copy)); }

  void readClone(Operation *op) {
    auto clone = cast<bufferization::CloneOp>(op);
    ClassicClone entry;
    entry.source = id(clone.getInput());
    for (OpOperand &use : clone.getResult().getUses()) {
      // Not the plan's own frees of the clone (CriticalEdges.cpp).
      if (!map.ops.count(use.getOwner()))
        continue;
      entry.user = id(use.getOwner());
      entry.operandIndices.push_back(use.getOperandNumber());
    }
    entry.block = index.idOf(map.blocks.lookup(op->getBlock()));
    entry.backEdge = state.backEdgeClones.contains(op);
    cloneIndex[op] = plan.clones.size();
    plan.clones.push_back(std::move(entry));
  }

  void readBlock(Block &block) {
    OpId previous = kNone;
    size_t pending = plan.insertions.size();
    for (Operation &op : block) {
      bool moved = state.movedFrees.contains(&op);
      if (map.ops.count(&op) && !moved) {
        OpId current = id(&op);
        for (size_t i = pending; i < plan.insertions.size(); ++i)
          plan.insertions[i].before = current;
        pending = plan.insertions.size();
        previous = current;
        continue;
      }
      ClassicInsertion insertion;
      insertion.after = previous;
      if (moved) {
        insertion.kind = ClassicInsertion::Kind::Move;
        insertion.moved = id(&op);
        for (auto &[value, free] : state.existingFrees)
          if (free == &op)
            deallocIndex[value].push_back(plan.insertions.size());
      } else if (auto it = cloneIndex.find(&op); it != cloneIndex.end()) {
        insertion.kind = ClassicInsertion::Kind::Clone;
        insertion.clone = it->second;
      } else if (SmallVector<Value, 1> frees = checker::freedOperands(op);
                 !frees.empty()) {
        // A free the algorithm inserted (`memref.dealloc`, or the matching
        // free of another dialect's allocation: createFree), recognised by
        // its Free effect as the frees already in the IR are.
        insertion.kind = ClassicInsertion::Kind::Dealloc;
        insertion.freeOp = op.getName().getStringRef().str();
        Value freed = frees.front();
        if (auto clone = cloneIndex.find(freed.getDefiningOp());
            clone != cloneIndex.end()) {
          // A clone freed on an edge that does not take it.
          insertion.clone = clone->second;
        } else {
          insertion.value = id(freed);
          deallocIndex[freed].push_back(plan.insertions.size());
        }
      } else {
        continue;
      }
      plan.insertions.push_back(insertion);
    }
  }

  ClassicValue &entry(Value copy) {
    ValueId v = id(copy);
    auto [it, inserted] = valueIndex.try_emplace(v, plan.values.size());
    if (inserted) {
      plan.values.emplace_back();
      plan.values.back().value = v;
    }
    return plan.values[it->second];
  }

  void readValues() {
    // At most one entry per tracked value and per alias: reserved, since
    // doubling a vector of one entry per value of a long function held
    // up to three times its size while it moved.
    plan.values.reserve(plan.values.size() + state.allocs.size() +
                        state.aliasOf.size());
    for (Value value : state.allocs) {
      ClassicValue &v = entry(value);
      v.tracked = !state.critical.contains(value);
      v.critical = state.critical.contains(value);
      v.loopCarried = state.loopCarried.contains(value);
      for (Value because : state.criticalBecause.lookup(value))
        if (std::find(v.criticalBecause.begin(), v.criticalBecause.end(),
                      id(because)) == v.criticalBecause.end())
          v.criticalBecause.push_back(id(because));
      std::sort(v.criticalBecause.begin(), v.criticalBecause.end());
      for (Operation *clone : state.clonesFor.lookup(value)) {
        int32_t c = cloneIndex.lookup(clone);
        v.clones.push_back(c);
        if (std::find(v.incoming.begin(), v.incoming.end(),
                      plan.clones[c].source) == v.incoming.end())
          v.incoming.push_back(plan.clones[c].source);
      }
      // In text order, so that messages list predecessors as written.
      std::sort(v.clones.begin(), v.clones.end(), [&](int32_t a, int32_t b) {
        return plan.clones[a].user < plan.clones[b].user;
      });
      v.incoming.clear();
      for (int32_t c : v.clones)
        if (std::find(v.incoming.begin(), v.incoming.end(),
                      plan.clones[c].source) == v.incoming.end())
          v.incoming.push_back(plan.clones[c].source);
      for (size_t d : deallocIndex.lookup(value))
        v.deallocs.push_back(d);
      if (state.noPostDominator.contains(value))
        v.notFreedReason = "no block post-dominates all of its uses, so the "
                           "classic algorithm cannot free it";
      else if (Operation *end = state.liveAtTerminator.lookup(value))
        v.notFreedReason = notFreed(end);
    }
    for (auto &[value, sources] : state.aliasOf) {
      ClassicValue &v = entry(value);
      for (Value source : sources) {
        ValueId s = id(source);
        if (std::find(v.aliasOf.begin(), v.aliasOf.end(), s) == v.aliasOf.end())
          v.aliasOf.push_back(s);
      }
      std::sort(v.aliasOf.begin(), v.aliasOf.end());
    }
    std::sort(plan.values.begin(), plan.values.end(),
              [](const ClassicValue &a, const ClassicValue &b) {
                return a.value < b.value;
              });
  }

  std::string notFreed(Operation *terminator) const {
    std::string name = terminator->getName().getStringRef().str();
    if (terminator->getParentOp() == state.func)
      return "it escapes through " + quoted(name) +
             ": the caller owns it and frees it";
    OpId op = id(terminator);
    return "it is still live at " + quoted(name) + ", the end of " +
           describeBlock(index.result(), index.result().ops[op].block) +
           ", so the classic algorithm does not free it there";
  }

  SourceIndex &index;
  const ScratchState &state;
  const CopyMap &map;
  ClassicPlan &plan;
  llvm::DenseMap<Operation *, int32_t> cloneIndex;
  llvm::DenseMap<Value, SmallVector<size_t>> deallocIndex;
  std::map<ValueId, size_t> valueIndex;
};
} // namespace

/// Runs the algorithm on a copy of `fn`; false (and a BL204) when it meets
/// a construct it cannot handle.
static bool runOnCopy(SourceIndex &index, FunctionId fn, ClassicPlan &plan,
                      bool repairFrees, ClassicStats &stats) {
  Operation *original = index.function(fn);
  // The ops the plan inserts need their dialects loaded.
  original->getContext()
      ->getOrLoadDialect<bufferization::BufferizationDialect>();
  original->getContext()->getOrLoadDialect<memref::MemRefDialect>();
  Operation *copy;
  {
    // Freed at once: CopyMap pairs the copy with the original by itself.
    IRMapping mapping;
    copy = original->clone(mapping);
  }
  CopyMap map;
  map.pair(original, copy);
  bool ok = true;
  {
    ScratchState state(copy);
    state.repairFrees = repairFrees;
    collectAllocations(state);
    for (Value allocation : state.allocs) {
      std::string why = whyNoFreeOp(allocation);
      if (!why.empty()) {
        state.failure = std::move(why);
        state.failureOp = allocation.getDefiningOp();
        ok = false;
        break;
      }
    }
    ok = ok && (!repairFrees || collectExistingFrees(state));
    if (ok) {
      findCriticalAliases(state);
      ok = introduceClones(state) && freeClonesOnOtherEdges(state) &&
           placeDeallocs(state);
    }
    stats.aliasVisits += state.aliasVisits;
    if (ok) {
      PlanReader(index, state, map, plan).read();
      // Read by push_back, and held with the findings until the end.
      plan.insertions.shrink_to_fit();
    } else {
      Operation *at = map.ops.lookup(state.failureOp);
      OpId op = at ? index.idOf(at) : kNone;
      plan.reason = "classic deallocation cannot analyse @" +
                    index.result().functions[fn].name + ": " + state.failure;
      index.result().findings.push_back(
          makeFinding(FindingCode::BL204,
                      op != kNone ? index.result().ops[op].nameRange
                                  : index.result().functions[fn].nameRange,
                      plan.reason));
    }
  }
  eraseNestedInnermostFirst(copy); // Linear (DestroyIR.h).
  copy->erase();
  return ok;
}

void bufferlens::analyzeClassic(SourceIndex &index, FunctionId fn,
                                const AnalysisOptions &options,
                                ClassicStats *stats) {
  ClassicStats local;
  ClassicStats &counted = stats ? *stats : local;
  AnalysisResult &result = index.result();
  ClassicPlan plan;
  plan.function = fn;
  // A stage whose only product is a finding that is turned off is skipped
  // when nothing reads the plan (without explanations): the tensor view's
  // bufferized copies ask for BL301 and BL302 alone
  // (tensormemref/BufferizedFindings.cpp).
  auto wanted = [&](FindingCode code) {
    return options.explanations || options.isEnabled(code);
  };
  if (wanted(FindingCode::BL304))
    findRedundantClones(index, fn);
  if (wanted(FindingCode::BL305))
    findRedundantCopies(index, fn);
  if (wanted(FindingCode::BL303))
    findMultiBufferingCandidates(index, fn, plan);
  auto function = index.function(fn);
  bool repairFrees = result.functions[fn].stage != Stage::Bufferized &&
                     options.classicRepairsFrees;
  if (result.functions[fn].stage != Stage::Bufferized && !repairFrees) {
    plan.reason = "the function already frees memory (it is analysed as "
                  "deallocated IR), and the classic algorithm applies to "
                  "bufferized IR only";
  } else if (function.isExternal()) {
    plan.reason = "the function has no body";
  } else if (checkClassicPreconditions(index, fn, plan.reason)) {
    // The copy and its analyses are gone before the user's function is
    // analysed: each holds an alias analysis of the whole function (about
    // 1 KB per value), and holding both at once was the peak of a long
    // function (bench/README.md, "select"). The order of the checks does
    // not show: findings are sorted by place and code.
    plan.computed = runOnCopy(index, fn, plan, repairFrees, counted);
    FunctionFacts facts(function);
    if (wanted(FindingCode::BL401))
      checkWritesDominateReads(index, fn, facts);
    if (plan.computed) {
      // One entry per heap allocation in each, reserved (reserveMore says
      // why).
      size_t allocations = 0;
      function->walk([&](Operation *op) {
        allocations +=
            op != function && op->getNumResults() == 1 &&
            isa<BaseMemRefType>(op->getResult(0).getType()) &&
            classifyBuffer(op->getResult(0)) == BufferKind::HeapAlloc;
      });
      plan.hoists.reserve(allocations);
      plan.promotions.reserve(allocations);
      if (wanted(FindingCode::BL201))
        reportCriticalAliases(index, plan);
      if (wanted(FindingCode::BL202))
        reportBackEdges(index, plan);
      computeHoisting(index, fn, facts, plan);
      computePromotion(index, fn, facts, plan, options.promoteToStackLimit);
    }
    counted.aliasVisits += facts.closure.visits();
  }
  // The plan's findings are made. Without explanations nothing reads the
  // rest of it (`lint` prints findings only): on a long function its
  // per-value records were held through the ownership pass, at the peak
  // of the whole analysis (bench/README.md, "select").
  if (!options.explanations) {
    ClassicPlan outcome;
    outcome.function = plan.function;
    outcome.computed = plan.computed;
    outcome.reason = std::move(plan.reason);
    plan = std::move(outcome);
  }
  result.classic.push_back(std::move(plan));
}
