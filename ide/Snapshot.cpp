//===- Snapshot.cpp -------------------------------------------------------===//

#include "ide/Snapshot.h"
#include "analysis/parts/Partition.h"

#include <algorithm>

using namespace bufferlens;

bool SnapshotPart::owns(SourceRange resultRange, bool isLast) const {
  uint32_t at = toCurrent(resultRange.begin);
  return covers.begin <= at &&
         (at < covers.end || (isLast && at == covers.end));
}

Snapshot::Snapshot(AnalysisResult result, std::string uri, int64_t version,
                   std::optional<std::vector<TopLevelChunk>> chunks)
    : documentText(result.sharedText), lineIndex(*documentText),
      documentUri(std::move(uri)), documentVersion(version) {
  SnapshotPart whole;
  whole.covers = {0, static_cast<uint32_t>(documentText->size())};
  whole.result = std::make_shared<AnalysisResult>(std::move(result));
  partList.push_back(std::move(whole));
  index(std::move(chunks));
}

Snapshot::Snapshot(TextRef text, std::vector<SnapshotPart> parts,
                   std::string uri, int64_t version,
                   std::optional<std::vector<TopLevelChunk>> chunks,
                   std::vector<SourceRange> unanalysed)
    : documentText(std::move(text)), lineIndex(*documentText),
      documentUri(std::move(uri)), documentVersion(version),
      partList(std::move(parts)), unanalysedRanges(std::move(unanalysed)) {
  index(std::move(chunks));
}

const AnalysisOptions &Snapshot::options() const {
  static const AnalysisOptions defaults;
  return analysisOptions ? *analysisOptions : defaults;
}

bool Snapshot::answersFor(SourceRange reach) const {
  // The first unanalysed range not wholly before `reach`.
  auto it = std::lower_bound(
      unanalysedRanges.begin(), unanalysedRanges.end(), reach.begin,
      [](const SourceRange &range, uint32_t at) { return range.end < at; });
  return it == unanalysedRanges.end() || reach.end < it->begin;
}

std::shared_ptr<const std::vector<NameOccurrence>>
bufferlens::sortedNamesOf(const AnalysisResult &r) {
  return std::make_shared<const std::vector<NameOccurrence>>(sortedNames(r));
}

void Snapshot::index(std::optional<std::vector<TopLevelChunk>> chunks) {
  chunkList = chunks ? std::move(*chunks) : splitTopLevel(*documentText);
  // Parts cut from one result (the fresh parts of an edit) share its names;
  // parts reused from the previous version already have theirs.
  for (size_t p = 0; p < partList.size(); ++p) {
    SnapshotPart &part = partList[p];
    if (part.names)
      continue;
    for (size_t q = 0; q < p && !part.names; ++q)
      if (partList[q].result == part.result)
        part.names = partList[q].names;
    if (!part.names)
      part.names = sortedNamesOf(*part.result);
  }
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
  for (PathStep &step : out.path)
    move(step.range);
  for (Fix &fix : out.fixes)
    for (TextEdit &edit : fix.edits)
      move(edit.range);
  return out;
}

std::vector<FindingRef> Snapshot::findingRefs() const {
  std::vector<FindingRef> out;
  for (size_t p = 0; p < partList.size(); ++p) {
    const SnapshotPart &part = partList[p];
    for (const Finding &finding : part.result->findings) {
      if (part.owns(finding.range, isLastPart(p))) {
        out.push_back({&finding, part.delta});
        continue;
      }
      // No location (a foreign file's, or a crash not narrowed to an
      // operation): the document's start, whichever part saw it.
      if (finding.range.begin == 0 &&
          std::none_of(out.begin(), out.end(), [&](const FindingRef &kept) {
            // As it reads in this version (kept may be shifted).
            const Finding &k = *kept.finding;
            return k.code == finding.code && k.message == finding.message &&
                   k.source == finding.source &&
                   kept.toCurrent(k.range) == finding.range;
          }))
        out.push_back({&finding, 0});
    }
  }
  // Parts are in document order and each result's findings sorted, so this
  // only moves the location-less findings of later parts to the front.
  std::stable_sort(out.begin(), out.end(),
                   [](const FindingRef &a, const FindingRef &b) {
                     return a.toCurrent(a.finding->range).begin <
                            b.toCurrent(b.finding->range).begin;
                   });
  return out;
}

std::vector<Finding> Snapshot::findings() const {
  std::vector<Finding> out;
  for (const FindingRef &ref : findingRefs())
    out.push_back(ref.delta ? shifted(*ref.finding, ref.delta) : *ref.finding);
  return out;
}

std::optional<Occurrence> Snapshot::occurrenceIn(size_t p,
                                                 uint32_t offset) const {
  const SnapshotPart &part = partList[p];
  std::optional<NameOccurrence> name =
      nameAt(*part.names, part.toResult(offset));
  if (!name || !part.owns(name->range, isLastPart(p)))
    return std::nullopt;
  Occurrence out{*name, static_cast<int32_t>(p)};
  out.range = part.toCurrent(name->range);
  return out;
}

std::optional<Occurrence> Snapshot::occurrenceAt(uint32_t offset) const {
  // The part whose text holds `offset`; at a part's first offset, a name
  // ending there belongs to the part before.
  auto it = std::upper_bound(partList.begin(), partList.end(), offset,
                             [](uint32_t offset, const SnapshotPart &part) {
                               return offset < part.covers.begin;
                             });
  if (it == partList.begin())
    return std::nullopt;
  size_t p = static_cast<size_t>(it - partList.begin()) - 1;
  if (std::optional<Occurrence> hit = occurrenceIn(p, offset))
    return hit;
  if (p > 0 && offset == partList[p].covers.begin)
    return occurrenceIn(p - 1, offset);
  return std::nullopt;
}
