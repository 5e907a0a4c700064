//===- Hover.cpp - What the value, block or op under the cursor is --------===//
//
// The words come from analysis/Explain.h, so the hover and
// `bufferlens explain` never disagree.
//
//===----------------------------------------------------------------------===//

#include "analysis/Explain.h"
#include "server/Features.h"

#include <regex>

using namespace bufferlens;

// Explain names places as "line N" of the text it was given. A part reused
// after an edit was analysed on the previous text: move those line numbers
// to this version's text.
static std::string moveLineNumbers(std::string markdown,
                                   const SnapshotPart &part,
                                   const Snapshot &snapshot) {
  if (part.delta == 0 || markdown.find("line ") == std::string::npos)
    return markdown;
  const LineIndex &old = *part.resultLines;
  static const std::regex line("\\bline ([0-9]+)");
  std::string out;
  size_t last = 0;
  for (auto it = std::sregex_iterator(markdown.begin(), markdown.end(), line);
       it != std::sregex_iterator(); ++it) {
    const std::smatch &m = *it;
    uint32_t oldLine = std::stoul(m[1]);
    std::string moved = m[1];
    if (oldLine >= 1 && oldLine <= old.lineCount()) {
      uint32_t offset = part.toCurrent(old.lineStart(oldLine - 1));
      moved = std::to_string(snapshot.lines().toByteColumn(offset).line + 1);
    }
    out += markdown.substr(last, m.position(0) - last) + "line " + moved;
    last = m.position(0) + m.length(0);
  }
  out += markdown.substr(last);
  return out;
}

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
    markdown = explainValue(result, hit->id);
    break;
  case Occurrence::BlockLabel:
  case Occurrence::BlockUse:
    markdown = explainBlock(result, hit->id);
    break;
  case Occurrence::OpName:
    markdown = explainOp(result, hit->id);
    break;
  }
  return HoverInfo{moveLineNumbers(std::move(markdown), part, snapshot),
                   hit->range};
}
