//===- Snapshot.cpp -------------------------------------------------------===//

#include "server/Snapshot.h"

#include <algorithm>

using namespace bufferlens;

Snapshot::Snapshot(AnalysisResult result, std::string uri, int64_t version)
    : analysis(std::move(result)), lineIndex(analysis.text),
      documentUri(std::move(uri)), documentVersion(version) {
  const AnalysisResult &r = analysis;
  for (size_t v = 0; v < r.values.size(); ++v) {
    if (!r.values[v].definition.empty())
      occurrences.push_back({r.values[v].definition, Occurrence::ValueDef,
                             static_cast<int32_t>(v)});
    for (const SourceRange &use : r.values[v].uses)
      occurrences.push_back(
          {use, Occurrence::ValueUse, static_cast<int32_t>(v)});
  }
  for (size_t b = 0; b < r.blocks.size(); ++b) {
    if (!r.blocks[b].labelRange.empty())
      occurrences.push_back({r.blocks[b].labelRange, Occurrence::BlockLabel,
                             static_cast<int32_t>(b)});
    for (const SourceRange &use : r.blocks[b].uses)
      occurrences.push_back(
          {use, Occurrence::BlockUse, static_cast<int32_t>(b)});
  }
  for (size_t o = 0; o < r.ops.size(); ++o)
    if (!r.ops[o].nameRange.empty())
      occurrences.push_back(
          {r.ops[o].nameRange, Occurrence::OpName, static_cast<int32_t>(o)});
  std::sort(occurrences.begin(), occurrences.end(),
            [](const Occurrence &a, const Occurrence &b) {
              return a.range < b.range;
            });
}

const Occurrence *Snapshot::occurrenceAt(uint32_t offset) const {
  // Ranges of names never overlap: the last one starting at or before
  // `offset` is the only candidate.
  auto it = std::upper_bound(
      occurrences.begin(), occurrences.end(), offset,
      [](uint32_t offset, const Occurrence &o) {
        return offset < o.range.begin;
      });
  if (it == occurrences.begin())
    return nullptr;
  const Occurrence &candidate = *(it - 1);
  if (candidate.range.contains(offset))
    return &candidate;
  // `%alloc|` (cursor right after the name) still means %alloc.
  if (candidate.range.end == offset && offset > candidate.range.begin)
    return &candidate;
  return nullptr;
}
