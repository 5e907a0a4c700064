//===- XRefs.cpp - Definition, references, highlights of values/blocks ----===//
//
// From the AsmParserState ranges the analysis stored: every definition and
// use of an SSA value or block label is known exactly.
//
//===----------------------------------------------------------------------===//

#include "ide/Features.h"

using namespace bufferlens;

std::optional<SourceRange> bufferlens::definitionAt(const Snapshot &snapshot,
                                                    uint32_t offset) {
  std::optional<Occurrence> hit = snapshot.occurrenceAt(offset);
  if (!hit)
    return std::nullopt;
  const SnapshotPart &part = snapshot.parts()[hit->part];
  const AnalysisResult &result = *part.result;
  switch (hit->kind) {
  case Occurrence::ValueDef:
  case Occurrence::ValueUse:
    return part.toCurrent(result.values[hit->id].definition);
  case Occurrence::BlockLabel:
  case Occurrence::BlockUse:
    if (result.blocks[hit->id].labelRange.empty())
      return std::nullopt;
    return part.toCurrent(result.blocks[hit->id].labelRange);
  case Occurrence::OpName:
    return std::nullopt;
  }
  return std::nullopt;
}

std::vector<HighlightInfo> bufferlens::highlightsAt(const Snapshot &snapshot,
                                                    uint32_t offset) {
  std::vector<HighlightInfo> out;
  std::optional<Occurrence> hit = snapshot.occurrenceAt(offset);
  if (!hit)
    return out;
  const SnapshotPart &part = snapshot.parts()[hit->part];
  const AnalysisResult &result = *part.result;
  switch (hit->kind) {
  case Occurrence::ValueDef:
  case Occurrence::ValueUse: {
    const ValueEntry &value = result.values[hit->id];
    if (!value.definition.empty())
      out.push_back({part.toCurrent(value.definition), HighlightInfo::Write});
    for (const SourceRange &use : value.uses)
      out.push_back({part.toCurrent(use), HighlightInfo::Read});
    break;
  }
  case Occurrence::BlockLabel:
  case Occurrence::BlockUse: {
    const BlockEntry &block = result.blocks[hit->id];
    if (!block.labelRange.empty())
      out.push_back({part.toCurrent(block.labelRange), HighlightInfo::Text});
    for (const SourceRange &use : block.uses)
      out.push_back({part.toCurrent(use), HighlightInfo::Text});
    break;
  }
  case Occurrence::OpName:
    break;
  }
  return out;
}

std::vector<SourceRange> bufferlens::referencesAt(const Snapshot &snapshot,
                                                  uint32_t offset,
                                                  bool includeDeclaration) {
  std::vector<SourceRange> out;
  std::optional<SourceRange> declaration = definitionAt(snapshot, offset);
  for (const HighlightInfo &h : highlightsAt(snapshot, offset))
    if (includeDeclaration || !declaration || h.range != *declaration)
      out.push_back(h.range);
  return out;
}
