//===- Snapshot.cpp -------------------------------------------------------===//

#include "server/Snapshot.h"
#include "analysis/Partition.h"

#include <algorithm>

using namespace bufferlens;

bool SnapshotPart::owns(SourceRange resultRange, bool isLast) const {
  uint32_t at = toCurrent(resultRange.begin);
  return covers.begin <= at &&
         (at < covers.end || (isLast && at == covers.end));
}

Snapshot::Snapshot(AnalysisResult result, std::string uri, int64_t version)
    : documentText(result.text), lineIndex(documentText),
      documentUri(std::move(uri)), documentVersion(version) {
  SnapshotPart whole;
  whole.covers = {0, static_cast<uint32_t>(documentText.size())};
  whole.result = std::make_shared<const AnalysisResult>(std::move(result));
  partList.push_back(std::move(whole));
  index(std::nullopt);
}

Snapshot::Snapshot(std::string text, std::vector<SnapshotPart> parts,
                   std::string uri, int64_t version,
                   std::optional<std::vector<TopLevelChunk>> chunks)
    : documentText(std::move(text)), lineIndex(documentText),
      documentUri(std::move(uri)), documentVersion(version),
      partList(std::move(parts)) {
  index(std::move(chunks));
}

void Snapshot::index(std::optional<std::vector<TopLevelChunk>> chunks) {
  chunkList = chunks ? std::move(*chunks) : splitTopLevel(documentText);
  for (size_t p = 0; p < partList.size(); ++p) {
    const SnapshotPart &part = partList[p];
    const AnalysisResult &r = *part.result;
    bool last = isLastPart(p);
    auto add = [&](SourceRange range, Occurrence::Kind kind, size_t id) {
      if (range.empty() || !part.owns(range, last))
        return;
      occurrences.push_back({part.toCurrent(range), kind,
                             static_cast<int32_t>(id),
                             static_cast<int32_t>(p)});
    };
    for (size_t v = 0; v < r.values.size(); ++v) {
      add(r.values[v].definition, Occurrence::ValueDef, v);
      for (const SourceRange &use : r.values[v].uses)
        add(use, Occurrence::ValueUse, v);
    }
    for (size_t b = 0; b < r.blocks.size(); ++b) {
      add(r.blocks[b].labelRange, Occurrence::BlockLabel, b);
      for (const SourceRange &use : r.blocks[b].uses)
        add(use, Occurrence::BlockUse, b);
    }
    for (size_t o = 0; o < r.ops.size(); ++o)
      add(r.ops[o].nameRange, Occurrence::OpName, o);
  }
  std::sort(occurrences.begin(), occurrences.end(),
            [](const Occurrence &a, const Occurrence &b) {
              return a.range < b.range;
            });
}

Finding bufferlens::shifted(const Finding &finding, int64_t delta) {
  Finding out = finding;
  auto move = [&](SourceRange &range) {
    range.begin = static_cast<uint32_t>(range.begin + delta);
    range.end = static_cast<uint32_t>(range.end + delta);
  };
  move(out.range);
  for (RelatedLocation &related : out.related)
    move(related.range);
  for (Fix &fix : out.fixes)
    for (TextEdit &edit : fix.edits)
      move(edit.range);
  return out;
}

std::vector<Finding> Snapshot::findings() const {
  std::vector<Finding> out;
  for (size_t p = 0; p < partList.size(); ++p) {
    const SnapshotPart &part = partList[p];
    for (const Finding &finding : part.result->findings) {
      if (part.owns(finding.range, isLastPart(p))) {
        out.push_back(part.delta ? shifted(finding, part.delta) : finding);
        continue;
      }
      // No location (a foreign file's, or a crash not narrowed to an
      // operation): the document's start, whichever part saw it.
      if (finding.range.begin == 0 &&
          std::none_of(out.begin(), out.end(), [&](const Finding &kept) {
            return sameFinding(kept, finding);
          }))
        out.push_back(finding);
    }
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const Finding &a, const Finding &b) {
                     return a.range.begin < b.range.begin;
                   });
  return out;
}

const Occurrence *Snapshot::occurrenceAt(uint32_t offset) const {
  // Ranges of names never overlap: the last one starting at or before
  // `offset` is the only candidate.
  auto it = std::upper_bound(occurrences.begin(), occurrences.end(), offset,
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
