//===- BackEdges.cpp - BL202: loop-carried buffers ------------------------===//
//
// BufferDeallocationInternals.md "Placement of Deallocs": a critical
// loop-carried value (a loop's region argument) receives a fresh clone on the
// back edge each iteration, and the buffer of the previous iteration is freed
// in the loop body.
//
//===----------------------------------------------------------------------===//

#include "analysis/classic/Internal.h"
#include "analysis/ir/SourceIndex.h"

using namespace bufferlens;
using namespace bufferlens::classic;

void classic::reportBackEdges(SourceIndex &index, ClassicPlan &plan) {
  const AnalysisResult &result = index.result();
  for (const ClassicValue &value : plan.values) {
    if (!value.loopCarried)
      continue;
    const std::string &name = result.values[value.value].name;
    Finding finding;
    std::vector<std::string> cloned;
    for (int32_t c : value.clones) {
      const ClassicClone &clone = plan.clones[c];
      if (!clone.backEdge)
        continue;
      const std::string &source = result.values[clone.source].name;
      cloned.push_back(source + " before " + result.ops[clone.user].name);
      finding.related.push_back({useRangeIn(result, clone.source, clone.user),
                                 "back edge: the plan clones " + source +
                                     " here for the next iteration"});
    }
    std::string freed;
    for (int32_t d : value.deallocs) {
      const ClassicInsertion &dealloc = plan.insertions[d];
      OpId at = dealloc.after != kNone ? dealloc.after : dealloc.before;
      std::string where =
          (dealloc.after != kNone ? "after " : "before ") + result.ops[at].name;
      if (freed.empty())
        freed = where;
      finding.related.push_back(
          {result.ops[at].nameRange,
           "the previous iteration's " + name + " is freed " + where});
    }
    std::string message = name + " is loop-carried: the plan clones " +
                          joinWords(cloned) + " on the back edge";
    if (!freed.empty())
      message += " and frees the previous iteration's buffer " + freed;
    finding.code = FindingCode::BL202;
    finding.severity = Severity::Info;
    // rangeOf falls back to the defining op for a result the source does
    // not name (`scf.while (...)` without `%r =`).
    finding.range = index.rangeOf(index.value(value.value));
    finding.message = std::move(message);
    index.result().findings.push_back(std::move(finding));
  }
}
