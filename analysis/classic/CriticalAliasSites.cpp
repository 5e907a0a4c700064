//===- CriticalAliasSites.cpp - Where a buffer's aliases become critical --===//
//
// For the ownership lens: the ranges at which the classic plan makes the
// buffer under the cursor critical (a block argument or region result that
// its allocation does not dominate), and the branch or yield operands that
// carry the buffer there, which are where the plan inserts its clones.
//
//===----------------------------------------------------------------------===//

#include "analysis/classic/ClassicExplain.h"
#include "analysis/classic/Internal.h"
#include "analysis/ir/BufferFacts.h"

#include <algorithm>
#include <map>
#include <set>

using namespace bufferlens;
using namespace bufferlens::classic;

std::vector<CriticalAliasSite>
bufferlens::criticalAliasSites(const AnalysisResult &result, ValueId id) {
  std::vector<CriticalAliasSite> sites;
  const ClassicPlan *plan = classicPlanOf(result, result.values[id].function);
  if (!plan || !plan->computed)
    return sites;
  std::set<ValueId> buffer = {id};
  for (ValueId alias : aliasesOf(result, id))
    buffer.insert(alias);
  auto nameOf = [&](ValueId v) { return result.values[v].name; };

  // One operand may flow into several critical aliases at once (a loop's
  // yield feeds its iter_arg and its result): one site names them all.
  struct Operand {
    ValueId source;
    int32_t clone;
    std::vector<std::string> into;
  };
  std::map<SourceRange, Operand> operands;
  for (const ClassicValue &entry : plan->values) {
    if (!entry.critical || !buffer.count(entry.value))
      continue;
    const std::string &critical = nameOf(entry.value);
    std::vector<std::string> because;
    for (ValueId v : entry.criticalBecause)
      because.push_back(nameOf(v));
    SourceRange definition = result.values[entry.value].definition;
    if (!definition.empty())
      sites.push_back(
          {definition, critical +
                           " is a critical alias: " + joinWords(because) +
                           (because.size() == 1 ? " does" : " do") +
                           " not properly dominate it, so the classic "
                           "deallocation gives it a buffer of its own"});
    for (int32_t c : entry.clones) {
      const ClassicClone &clone = plan->clones[c];
      if (entry.value != id && !buffer.count(clone.source))
        continue;
      SourceRange use = useRangeIn(result, clone.source, clone.user);
      Operand &operand =
          operands.try_emplace(use, Operand{clone.source, c, {}}).first->second;
      if (std::find(operand.into.begin(), operand.into.end(), critical) ==
          operand.into.end())
        operand.into.push_back(critical);
    }
  }
  for (const auto &[range, operand] : operands) {
    const ClassicClone &clone = plan->clones[operand.clone];
    sites.push_back(
        {range, nameOf(operand.source) + " flows into the critical alias" +
                    (operand.into.size() == 1 ? " " : "es ") +
                    joinWords(operand.into) +
                    " here: the classic deallocation clones it before " +
                    result.ops[clone.user].name + " in " +
                    describeBlock(result, clone.block)});
  }
  std::stable_sort(sites.begin(), sites.end(),
                   [](const CriticalAliasSite &a, const CriticalAliasSite &b) {
                     return a.range < b.range;
                   });
  return sites;
}
