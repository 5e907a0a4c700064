//===- Hover.cpp - What the value, block or op under the cursor is --------===//
//
// The words come from analysis/explain/Explain.h, so the hover and
// `bufferlens explain` never disagree. On a finding's range the hover also
// shows the finding's path, step by step.
//
//===----------------------------------------------------------------------===//

#include "analysis/explain/Explain.h"
#include "ide/Features.h"

using namespace bufferlens;

// The paths of the findings whose range holds `offset`, after what the
// hover says of the name there.
static void appendPaths(const Snapshot &snapshot, uint32_t offset,
                        std::string &markdown, SourceRange &range) {
  for (const FindingRef &ref : snapshot.findingRefs()) {
    SourceRange at = ref.toCurrent(ref.finding->range);
    if (ref.finding->path.empty() || !at.contains(offset))
      continue;
    if (markdown.empty())
      range = at;
    else
      markdown += "\n---\n\n";
    markdown += explainPath(*ref.finding, [&](uint32_t o) {
      return snapshot.lines()
                 .toByteColumn(static_cast<uint32_t>(o + ref.delta))
                 .line +
             1;
    });
  }
}

std::optional<HoverInfo> bufferlens::hoverAt(const Snapshot &snapshot,
                                             uint32_t offset) {
  std::optional<Occurrence> hit = snapshot.occurrenceAt(offset);
  if (!hit) {
    std::string markdown;
    SourceRange range;
    appendPaths(snapshot, offset, markdown, range);
    if (markdown.empty())
      return std::nullopt;
    return HoverInfo{std::move(markdown), range};
  }
  const SnapshotPart &part = snapshot.parts()[hit->part];
  const AnalysisResult &result = *part.result;
  std::string markdown;
  switch (hit->kind) {
  case Occurrence::ValueDef:
  case Occurrence::ValueUse:
    // Explain names places by line: those of this version's text, even in
    // a part analysed on an earlier one (offsets move by the part's delta).
    markdown = explainValue(result, hit->id, [&](uint32_t offset) {
      return snapshot.lines().toByteColumn(part.toCurrent(offset)).line + 1;
    });
    break;
  case Occurrence::BlockLabel:
  case Occurrence::BlockUse:
    markdown = explainBlock(result, hit->id);
    break;
  case Occurrence::OpName:
    markdown = explainOp(result, hit->id);
    break;
  }
  SourceRange range = hit->range;
  appendPaths(snapshot, offset, markdown, range);
  return HoverInfo{std::move(markdown), range};
}
