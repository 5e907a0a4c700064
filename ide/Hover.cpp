//===- Hover.cpp - What the value, block or op under the cursor is --------===//
//
// The words come from analysis/explain/Explain.h, so the hover and
// `bufferlens explain` never disagree.
//
//===----------------------------------------------------------------------===//

#include "analysis/explain/Explain.h"
#include "ide/Features.h"

using namespace bufferlens;

std::optional<HoverInfo> bufferlens::hoverAt(const Snapshot &snapshot,
                                             uint32_t offset) {
  std::optional<Occurrence> hit = snapshot.occurrenceAt(offset);
  if (!hit)
    return std::nullopt;
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
  return HoverInfo{std::move(markdown), hit->range};
}
