//===- OwnershipAt.cpp - RustOwl-style decorations for one value ----------===//
//
// For the value under the cursor: where it is defined, where it is used
// (live), where its aliases are used, where it is handed on (branch
// operands to block arguments, returned or yielded), where it is freed
// (a dealloc in the source, or where the deallocation pipeline frees it),
// where the classic plan finds its buffer critical (the critical alias and
// the operands that carry the buffer into it), all from the stored model.
//
//===----------------------------------------------------------------------===//

#include "analysis/classic/ClassicExplain.h"
#include "ide/Features.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <set>

using namespace bufferlens;

OpId bufferlens::opContaining(const AnalysisResult &result, FunctionId fn,
                              SourceRange range) {
  OpId begin = 0, end = static_cast<OpId>(result.ops.size());
  if (fn != kNone) {
    begin = result.functions[fn].opBegin;
    end = result.functions[fn].opEnd;
  }
  OpId best = kNone;
  for (OpId o = begin; o < end; ++o) {
    const SourceRange &full = result.ops[o].fullRange;
    if (full.begin <= range.begin && range.end <= full.end &&
        (best == kNone ||
         full.end - full.begin <
             result.ops[best].fullRange.end - result.ops[best].fullRange.begin))
      best = o;
  }
  return best;
}

/// Whether `op` frees memory. The checker found the frees of every
/// function that has any by their MemoryEffects (`Free`), whatever their
/// dialect (AnalysisResult::freeSites); the two upstream frees are also
/// known by name, for a function analysed as bufferized IR although it
/// frees (a `bufferlens: stage` directive), where the checker does not run.
static bool isFree(const AnalysisResult &result, OpId op) {
  const std::string &name = result.ops[op].name;
  if (name == "memref.dealloc" || name == "bufferization.dealloc")
    return true;
  return llvm::any_of(result.freeSites,
                      [&](const FreeSite &site) { return site.freeOp == op; });
}

static bool handsOn(const OpEntry &op) {
  return !op.successorOperands.empty() || op.name == "func.return" ||
         op.name == "scf.yield" || op.name == "scf.condition" ||
         op.name == "memref.alloca_scope.return" || op.name == "return";
}

OwnershipAtInfo bufferlens::ownershipAt(const Snapshot &snapshot,
                                        uint32_t offset) {
  OwnershipAtInfo info;
  std::optional<Occurrence> hit = snapshot.occurrenceAt(offset);
  if (!hit ||
      (hit->kind != Occurrence::ValueDef && hit->kind != Occurrence::ValueUse))
    return info;
  const SnapshotPart &part = snapshot.parts()[hit->part];
  const AnalysisResult &result = *part.result;
  ValueId id = hit->id;
  const ValueEntry &value = result.values[id];
  info.value = value.name;
  if (!value.definition.empty())
    info.ranges.push_back({value.definition, "definition", ""});

  // A use of `user` (the value or an alias) is in an op of its function.
  auto classifyUse = [&](const ValueEntry &user, SourceRange use,
                         const std::string &useKind, const std::string &of) {
    OpId op = opContaining(result, user.function, use);
    if (op != kNone && isFree(result, op)) {
      info.ranges.push_back({use, "freed",
                             "freed by " + result.ops[op].name +
                                 (of.empty() ? "" : " (" + of + ")")});
      return;
    }
    if (op != kNone && handsOn(result.ops[op])) {
      info.ranges.push_back({use, "ownership-transfer",
                             "passed on by " + result.ops[op].name +
                                 (of.empty() ? "" : " (" + of + ")")});
      return;
    }
    info.ranges.push_back({use, useKind, of});
  };
  for (const SourceRange &use : value.uses)
    classifyUse(value, use, "live", "");
  if (result.bufferFact(id)) {
    std::vector<ValueId> aliases = aliasesOf(result, id);
    std::set<ValueId> related(aliases.begin(), aliases.end());
    related.erase(id);
    for (ValueId alias : related) {
      const ValueEntry &aliasValue = result.values[alias];
      if (!aliasValue.definition.empty())
        info.ranges.push_back({aliasValue.definition, "alias-use",
                               "alias " + aliasValue.name + " defined"});
      for (const SourceRange &use : aliasValue.uses)
        classifyUse(aliasValue, use, "alias-use",
                    "through alias " + aliasValue.name);
    }
    // Where the ownership-based pipeline frees it or one of its aliases.
    related.insert(id);
    for (const OwnershipFacts &facts : result.ownership)
      for (const DeallocSite &site : facts.sites) {
        if (site.terminator == kNone)
          continue;
        for (const DeallocCandidate &candidate : site.memrefs)
          if (related.count(candidate.memref)) {
            const OpEntry &term = result.ops[site.terminator];
            info.ranges.push_back({term.nameRange, "freed",
                                   "the deallocation pipeline frees " +
                                       result.values[candidate.memref].name +
                                       " before " + term.name +
                                       (candidate.condition.empty() ||
                                                candidate.condition == "true"
                                            ? ""
                                            : " if " + candidate.condition)});
          }
      }
  }
  for (CriticalAliasSite &site : criticalAliasSites(result, id))
    info.ranges.push_back(
        {site.range, "critical-alias", std::move(site.message)});
  for (OwnershipRangeInfo &range : info.ranges)
    range.range = part.toCurrent(range.range);
  std::stable_sort(
      info.ranges.begin(), info.ranges.end(),
      [](const OwnershipRangeInfo &a, const OwnershipRangeInfo &b) {
        return a.range < b.range;
      });
  return info;
}
