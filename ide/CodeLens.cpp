//===- CodeLens.cpp - A summary line above each function ------------------===//
//
// One lens per function that has memrefs: its buffers, the critical aliases
// of the classic plan, and where its buffers are freed: the block ends whose
// `bufferization.dealloc` (the ownership pass's, for a function that frees
// nothing yet) frees something, or the frees the checker followed (for one
// that already frees), e.g. "3 buffers · 1 critical alias · frees at 2
// block ends". Counts of zero are left out, but for the buffers.
//
// A function that still works on tensors gets, instead, what One-Shot
// Bufferize would make of it (its stored TensorPlan): the `memref.alloc`s
// and `memref.copy`s of its bufferized form, both counted even when zero
// ("2 allocations · 1 copy", "0 allocations · 0 copies": all in place), or
// "bufferization fails" when the pass fails on it (nothing else is known
// then: BL503).
//
//===----------------------------------------------------------------------===//

#include "ide/Features.h"

#include "llvm/ADT/STLExtras.h"

#include <set>

using namespace bufferlens;

static std::string counted(size_t n, const std::string &one,
                           const std::string &many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

namespace {
/// Per function of one result, what a lens counts; gathered in one pass
/// over the result's buffers and frees (per function, that pass was
/// quadratic in the document: seconds at a million lines).
struct LensCounts {
  std::vector<size_t> buffers;
  std::vector<std::set<OpId>> frees;

  explicit LensCounts(const AnalysisResult &result)
      : buffers(result.functions.size()), frees(result.functions.size()) {
    for (const BufferFact &fact : result.buffers) {
      FunctionId fn = result.values[fact.value].function;
      if (fn != kNone && fn < (FunctionId)buffers.size() &&
          (fact.kind == BufferKind::HeapAlloc ||
           fact.kind == BufferKind::StackAlloc))
        ++buffers[fn];
    }
    for (const FreeSite &site : result.freeSites) {
      if (site.freeOp == kNone)
        continue;
      FunctionId fn = result.ops[site.freeOp].function;
      if (fn != kNone && fn < (FunctionId)frees.size())
        frees[fn].insert(site.freeOp);
    }
  }
};
} // namespace

/// The lens title of function `fn` of `result`, or "" when it has no
/// memrefs.
static std::string lensTitle(const AnalysisResult &result, FunctionId fn,
                             const LensCounts &counts,
                             const ClassicPlan *plan) {
  const FunctionEntry &entry = result.functions[fn];
  bool memrefs = false;
  for (ValueId v = entry.valueBegin; v < entry.valueEnd && !memrefs; ++v)
    memrefs = result.values[v].isMemRef;
  if (!memrefs)
    return "";
  std::string title = counted(counts.buffers[fn], "buffer", "buffers");

  if (plan && plan->computed) {
    size_t critical = 0;
    for (const ClassicValue &value : plan->values)
      critical += value.critical;
    if (critical)
      title += " · " + counted(critical, "critical alias", "critical aliases");
  }

  if (entry.stage == Stage::Bufferized) {
    if (fn < (FunctionId)result.ownership.size() &&
        result.ownership[fn].computed) {
      size_t sites = 0;
      // As the inlay hints count them (ExplainHints.cpp): a candidate freed
      // under `false`, or retained, is not freed there. Nor is an argument
      // or a global: never owned, their conditions only fold to false once
      // the pipeline simplifies.
      auto neverOwned = [&](ValueId v) {
        int32_t fact = result.values[v].buffer;
        return fact != kNone &&
               (result.buffers[fact].kind == BufferKind::FunctionArgument ||
                result.buffers[fact].kind == BufferKind::Global);
      };
      for (const DeallocSite &site : result.ownership[fn].sites)
        sites += llvm::any_of(site.memrefs, [&](const DeallocCandidate &c) {
          return c.memref != kNone && c.condition != "false" &&
                 !llvm::is_contained(site.retained, c.memref) &&
                 !neverOwned(c.memref);
        });
      if (sites)
        title += " · frees at " + counted(sites, "block end", "block ends");
    }
  } else if (!counts.frees[fn].empty()) {
    title += " · " + counted(counts.frees[fn].size(), "free", "frees");
  }
  return title;
}

/// The lens title of a function One-Shot Bufferize runs on.
static std::string tensorLensTitle(const TensorPlan &plan) {
  if (!plan.bufferized)
    return "bufferization fails";
  return counted(plan.allocations.size(), "allocation", "allocations") + " · " +
         counted(plan.copies.size(), "copy", "copies");
}

std::vector<CodeLensInfo> bufferlens::codeLenses(const Snapshot &snapshot) {
  std::vector<CodeLensInfo> out;
  for (size_t p = 0; p < snapshot.parts().size(); ++p) {
    const SnapshotPart &part = snapshot.parts()[p];
    const AnalysisResult &result = *part.result;
    LensCounts counts(result);
    std::vector<const ClassicPlan *> plans(result.functions.size());
    for (const ClassicPlan &plan : result.classic)
      if (plan.function >= 0 && plan.function < (FunctionId)plans.size())
        plans[plan.function] = &plan;
    std::vector<const TensorPlan *> tensorPlans(result.functions.size());
    for (const TensorPlan &plan : result.tensor)
      if (plan.function >= 0 && plan.function < (FunctionId)plans.size())
        tensorPlans[plan.function] = &plan;
    for (FunctionId fn = 0; fn < (FunctionId)result.functions.size(); ++fn) {
      const FunctionEntry &entry = result.functions[fn];
      if (!part.owns(entry.fullRange, snapshot.isLastPart(p)))
        continue;
      std::string title = tensorPlans[fn]
                              ? tensorLensTitle(*tensorPlans[fn])
                              : lensTitle(result, fn, counts, plans[fn]);
      if (title.empty())
        continue;
      CodeLensInfo lens;
      lens.range = part.toCurrent(entry.nameRange.empty() ? entry.fullRange
                                                          : entry.nameRange);
      lens.title = std::move(title);
      lens.function = entry.name;
      out.push_back(std::move(lens));
    }
  }
  return out;
}
