//===- InlayHints.cpp - Ownership after definitions, frees at terminators -===//
//
// After every memref definition and block argument: its ownership (the
// label and tooltip come from analysis/Explain.h). Before a terminator
// where the ownership-based pipeline inserts a `bufferization.dealloc`: the
// buffers it frees there.
//
//===----------------------------------------------------------------------===//

#include "analysis/Explain.h"
#include "server/Features.h"

#include <algorithm>

using namespace bufferlens;

static bool inRange(uint32_t offset, SourceRange range) {
  return range.begin <= offset && offset <= range.end;
}

std::vector<InlayHintInfo> bufferlens::inlayHints(const Snapshot &snapshot,
                                                  SourceRange range) {
  const AnalysisResult &result = snapshot.result();
  std::vector<InlayHintInfo> out;
  for (size_t v = 0; v < result.values.size(); ++v) {
    const ValueEntry &value = result.values[v];
    if (!value.isMemRef || value.definition.empty() ||
        !inRange(value.definition.end, range))
      continue;
    OwnershipHint hint = ownershipHint(result, v);
    if (hint.label.empty())
      continue;
    out.push_back({value.definition.end, hint.label, hint.tooltip});
  }
  for (const OwnershipFacts &facts : result.ownership) {
    if (!facts.computed)
      continue;
    for (const DeallocSite &site : facts.sites) {
      if (site.terminator == kNone || site.memrefs.empty())
        continue;
      uint32_t at = result.ops[site.terminator].fullRange.begin;
      if (!inRange(at, range))
        continue;
      OwnershipHint hint = freeHint(result, site);
      if (!hint.label.empty())
        out.push_back({at, hint.label, hint.tooltip});
    }
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const InlayHintInfo &a, const InlayHintInfo &b) {
                     return a.offset < b.offset;
                   });
  return out;
}
