//===- ClassicExplain.cpp -------------------------------------------------===//

#include "analysis/classic/ClassicExplain.h"
#include "analysis/classic/Internal.h"

#include <sstream>

using namespace bufferlens;
using namespace bufferlens::classic;

const ClassicPlan *bufferlens::classicPlanOf(const AnalysisResult &result,
                                             FunctionId fn) {
  for (const ClassicPlan &plan : result.classic)
    if (plan.function == fn)
      return &plan;
  return nullptr;
}

static std::string names(const AnalysisResult &result,
                         const std::vector<ValueId> &ids) {
  std::vector<std::string> words;
  for (ValueId id : ids)
    words.push_back("`" + result.values[id].name + "`");
  return joinWords(words);
}

/// "after `memref.copy` in ^bb3"
static std::string position(const AnalysisResult &result,
                            const ClassicInsertion &insertion) {
  const OpEntry &before = result.ops[insertion.before];
  std::string where = insertion.after != kNone
                          ? "after `" + result.ops[insertion.after].name + "`"
                          : "at the start, before `" + before.name + "`";
  return where + " in " + describeBlock(result, before.block);
}

/// The op a planned free inserts (createFree): `gpu.dealloc` for a
/// `gpu.alloc` (the plan refuses asynchronous ones), `memref.dealloc` for the
/// rest, clones included.
static std::string freeOpOf(const AnalysisResult &result,
                            const ClassicInsertion &insertion) {
  if (!insertion.freeOp.empty())
    return insertion.freeOp;
  if (insertion.value != kNone) {
    OpId def = result.values[insertion.value].definingOp;
    if (def != kNone && result.ops[def].name == "gpu.alloc")
      return "gpu.dealloc";
  }
  return "memref.dealloc";
}

static std::string cloneText(const AnalysisResult &result,
                             const ClassicClone &clone) {
  return "a clone of `" + result.values[clone.source].name + "` before `" +
         result.ops[clone.user].name + "` in " +
         describeBlock(result, clone.block) +
         (clone.backEdge ? " (back edge)" : "");
}

static std::string neverFreed(BufferKind kind) {
  switch (kind) {
  case BufferKind::StackAlloc:
    return "not tracked: a stack allocation is freed when its scope ends";
  case BufferKind::Global:
    return "not tracked: a global is never freed";
  case BufferKind::FunctionArgument:
    return "not tracked: the caller owns a function argument";
  case BufferKind::CallResult:
    return "not tracked: the callee allocated it and the classic algorithm "
           "only tracks allocations in this function";
  default:
    return "";
  }
}

std::string bufferlens::explainClassic(const AnalysisResult &result,
                                       ValueId id) {
  const ValueEntry &value = result.values[id];
  const ClassicPlan *plan = classicPlanOf(result, value.function);
  const BufferFact *fact = result.bufferFact(id);
  if (!plan || !fact)
    return "";
  std::ostringstream os;
  os << "\nclassic deallocation:";
  if (!plan->computed) {
    os << " not planned: " << plan->reason << "\n";
    return os.str();
  }
  const ClassicValue *entry = plan->find(id);
  if (!entry) {
    std::string untracked = neverFreed(fact->kind);
    if (untracked.empty())
      return "";
    os << "\n- " << untracked << "\n";
    return os.str();
  }
  if (entry->critical) {
    os << "\n- critical alias: not properly dominated by "
       << names(result, entry->criticalBecause)
       << ", so it gets a buffer of its own";
    for (int32_t c : entry->clones)
      os << "\n- clone: " << cloneText(result, plan->clones[c]);
  } else if (entry->tracked) {
    os << "\n- tracked heap allocation";
  } else if (!entry->aliasOf.empty()) {
    os << "\n- non-critical alias of " << names(result, entry->aliasOf)
       << " (dominated by it): freed together with it, never on its own";
  }
  if (entry->loopCarried)
    os << "\n- loop-carried: its previous iteration's buffer is freed in "
          "the loop body";
  if (entry->tracked || entry->critical) {
    for (int32_t d : entry->deallocs)
      os << "\n- freed: `" << freeOpOf(result, plan->insertions[d]) << "` "
         << position(result, plan->insertions[d]);
    if (entry->deallocs.empty())
      os << "\n- not freed: " << entry->notFreedReason;
  }
  for (const ClassicHoist &hoist : plan->hoists) {
    if (hoist.allocation != id)
      continue;
    if (hoist.target != kNone && hoist.target != value.block)
      os << "\n- hoisting: can move "
         << (hoist.leavesLoop ? "out of its loop " : "") << "to "
         << describeBlock(result, hoist.target);
    else if (hoist.blockedBy != kNone)
      os << "\n- hoisting: cannot move up: it depends on `"
         << result.values[hoist.blockedBy].name << "`, defined in "
         << describeBlock(result, result.values[hoist.blockedBy].block);
  }
  for (const ClassicPromotion &promotion : plan->promotions) {
    if (promotion.allocation != id)
      continue;
    if (promotion.promotable)
      os << "\n- stack: can become a `memref.alloca`";
    else
      os << "\n- stack: stays on the heap: " << promotion.reason;
  }
  for (const ClassicMultiBuffer &multi : plan->multiBuffers)
    if (multi.allocation == id)
      os << "\n- multi-buffering: each iteration of its `"
         << result.ops[multi.loop].name
         << "` overwrites it whole first (`memref.copy`), so iterations "
            "could use slices of their own";
  os << "\n";
  return os.str();
}
