//===- Hover.cpp - What the value, block or op under the cursor is --------===//
//
// The words come from analysis/Explain.h, so the hover and
// `bufferlens explain` never disagree.
//
//===----------------------------------------------------------------------===//

#include "analysis/Explain.h"
#include "server/Features.h"

using namespace bufferlens;

std::optional<HoverInfo> bufferlens::hoverAt(const Snapshot &snapshot,
                                             uint32_t offset) {
  const Occurrence *hit = snapshot.occurrenceAt(offset);
  if (!hit)
    return std::nullopt;
  const AnalysisResult &result = *snapshot.parts()[hit->part].result;
  switch (hit->kind) {
  case Occurrence::ValueDef:
  case Occurrence::ValueUse:
    return HoverInfo{explainValue(result, hit->id), hit->range};
  case Occurrence::BlockLabel:
  case Occurrence::BlockUse:
    return HoverInfo{explainBlock(result, hit->id), hit->range};
  case Occurrence::OpName:
    return HoverInfo{explainOp(result, hit->id), hit->range};
  }
  return std::nullopt;
}
