//===- CodeActions.cpp - The findings' fixes, and "Show path" -----------===//

#include "ide/Features.h"

using namespace bufferlens;

static bool intersects(SourceRange a, SourceRange b) {
  return a.begin <= b.end && b.begin <= a.end;
}

std::vector<CodeActionInfo> bufferlens::codeActions(const Snapshot &snapshot,
                                                    SourceRange range,
                                                    const LateFixes *late) {
  std::vector<CodeActionInfo> out;
  // Asked at every cursor move: only the findings in range are copied.
  for (const FindingRef &ref : snapshot.findingRefs()) {
    if (!intersects(ref.toCurrent(ref.finding->range), range))
      continue;
    Finding finding =
        ref.delta ? shifted(*ref.finding, ref.delta) : *ref.finding;
    if (late && finding.fixes.empty())
      if (auto found = late->find({finding.code, finding.range});
          found != late->end())
        finding.fixes = found->second;
    for (const Fix &fix : finding.fixes) {
      CodeActionInfo action;
      action.title = fix.title;
      action.kind = "quickfix";
      action.edits = fix.edits;
      action.finding = finding;
      action.preferred = finding.fixes.size() == 1;
      out.push_back(std::move(action));
    }
    // A path the graph can draw: its first block is the function's.
    if (!finding.path.empty() && !finding.pathBlocks.empty() &&
        finding.pathBlocks.front() != kNone) {
      CodeActionInfo show;
      size_t steps = finding.path.size();
      show.title = "Show path (" + std::to_string(steps) +
                   (steps == 1 ? " step)" : " steps)");
      show.kind = "info";
      show.showPathAt = finding.range.begin;
      show.finding = std::move(finding);
      out.push_back(std::move(show));
    }
  }
  return out;
}
