//===- InlayHints.cpp - Ownership after definitions, frees at terminators -===//
//
// After every memref definition and block argument: its ownership (the
// label and tooltip come from analysis/explain/Explain.h). Before a terminator
// where the ownership-based pipeline inserts a `bufferization.dealloc`: the
// buffers it frees there. After every tensor value an op defines in a
// function One-Shot Bufferize bufferizes: where its buffer comes from (in
// place, a new allocation, a copy), read off the stored TensorPlan.
//
//===----------------------------------------------------------------------===//

#include "analysis/explain/Explain.h"
#include "ide/Features.h"

#include <algorithm>

using namespace bufferlens;

static bool inRange(uint32_t offset, SourceRange range) {
  return range.begin <= offset && offset <= range.end;
}

// The hints of one result whose position lies in `range` (its offsets).
// Only the functions that overlap the range are looked at: the request
// covers a screenful, the document may hold thousands of functions.
static void hintsOf(const AnalysisResult &result, SourceRange range,
                    std::vector<InlayHintInfo> &out) {
  for (size_t f = 0; f < result.functions.size(); ++f) {
    const FunctionEntry &fn = result.functions[f];
    if (fn.fullRange.end < range.begin || range.end < fn.fullRange.begin)
      continue;
    for (ValueId v = fn.valueBegin; v < fn.valueEnd; ++v) {
      const ValueEntry &value = result.values[v];
      if (!value.isMemRef || value.definition.empty() ||
          !inRange(value.definition.end, range))
        continue;
      OwnershipHint hint = ownershipHint(result, v);
      if (hint.label.empty())
        continue;
      out.push_back({value.definition.end, hint.label, hint.tooltip});
    }
    if (const TensorPlan *plan = result.tensorPlan(f); plan && plan->bufferized)
      for (const TensorBuffer &buffer : plan->buffers) {
        if (buffer.value == kNone)
          continue;
        const ValueEntry &value = result.values[buffer.value];
        if (value.definition.empty() || !inRange(value.definition.end, range))
          continue;
        OwnershipHint hint = tensorHint(buffer);
        if (!hint.label.empty())
          out.push_back({value.definition.end, hint.label, hint.tooltip});
      }
    if (f >= result.ownership.size() || !result.ownership[f].computed)
      continue;
    for (const DeallocSite &site : result.ownership[f].sites) {
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
}

std::vector<InlayHintInfo> bufferlens::inlayHints(const Snapshot &snapshot,
                                                  SourceRange range) {
  std::vector<InlayHintInfo> out;
  for (const SnapshotPart &part : snapshot.parts()) {
    uint32_t begin = std::max(range.begin, part.covers.begin);
    uint32_t end = std::min(range.end, part.covers.end);
    if (begin > end)
      continue;
    std::vector<InlayHintInfo> hints;
    hintsOf(*part.result, {part.toResult(begin), part.toResult(end)}, hints);
    for (InlayHintInfo &hint : hints) {
      hint.offset = part.toCurrent(hint.offset);
      out.push_back(std::move(hint));
    }
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const InlayHintInfo &a, const InlayHintInfo &b) {
                     return a.offset < b.offset;
                   });
  // A hint on the boundary of two parts is found by both.
  out.erase(std::unique(out.begin(), out.end(),
                        [](const InlayHintInfo &a, const InlayHintInfo &b) {
                          return a.offset == b.offset && a.label == b.label;
                        }),
            out.end());
  return out;
}
