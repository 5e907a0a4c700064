//===- NameIndex.cpp ------------------------------------------------------===//

#include "analysis/model/NameIndex.h"
#include "analysis/model/Model.h"

#include <algorithm>
#include <tuple>

using namespace bufferlens;

std::vector<NameOccurrence> bufferlens::sortedNames(const AnalysisResult &r) {
  std::vector<NameOccurrence> names;
  auto add = [&](SourceRange range, NameOccurrence::Kind kind, size_t id) {
    if (!range.empty())
      names.push_back({range, kind, static_cast<int32_t>(id)});
  };
  for (size_t v = 0; v < r.values.size(); ++v) {
    add(r.values[v].definition, NameOccurrence::ValueDef, v);
    for (const SourceRange &use : r.values[v].uses)
      add(use, NameOccurrence::ValueUse, v);
  }
  for (size_t b = 0; b < r.blocks.size(); ++b) {
    add(r.blocks[b].labelRange, NameOccurrence::BlockLabel, b);
    for (const SourceRange &use : r.blocks[b].uses)
      add(use, NameOccurrence::BlockUse, b);
  }
  for (size_t o = 0; o < r.ops.size(); ++o)
    add(r.ops[o].nameRange, NameOccurrence::OpName, o);
  // Results of one op defined as `%r:2` share the name's range: in id
  // order, so nameAt answers with the first whatever the ids' origin.
  std::sort(names.begin(), names.end(),
            [](const NameOccurrence &a, const NameOccurrence &b) {
              return std::tie(a.range, a.kind, a.id) <
                     std::tie(b.range, b.kind, b.id);
            });
  return names;
}

std::optional<NameOccurrence>
bufferlens::nameAt(const std::vector<NameOccurrence> &sorted, uint32_t offset) {
  // Ranges of names never overlap (but results of one op share theirs):
  // the last range starting at or before `offset` is the only candidate.
  auto it = std::upper_bound(
      sorted.begin(), sorted.end(), offset,
      [](uint32_t at, const NameOccurrence &o) { return at < o.range.begin; });
  if (it == sorted.begin())
    return std::nullopt;
  --it;
  // `%r` of `%r:2 = ...`: the first of the results sharing the range.
  while (it != sorted.begin() && (it - 1)->range == it->range)
    --it;
  const NameOccurrence &candidate = *it;
  // `%alloc|` (cursor right after the name) still means %alloc.
  if (!candidate.range.contains(offset) &&
      !(candidate.range.end == offset && offset > candidate.range.begin))
    return std::nullopt;
  return candidate;
}
