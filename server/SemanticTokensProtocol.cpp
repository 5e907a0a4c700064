//===- SemanticTokensProtocol.cpp -----------------------------------------===//

#include "server/SemanticTokensProtocol.h"

#include <algorithm>
#include <charconv>

using namespace bufferlens;
using json = nlohmann::json;

json bufferlens::semanticTokensLegend() {
  return {{"tokenTypes", semanticTokenTypeNames()},
          {"tokenModifiers", semanticTokenModifierNames()}};
}

std::vector<uint32_t>
bufferlens::encodeSemanticTokens(const LineIndex &lines,
                                 const std::vector<SemanticTokenInfo> &tokens,
                                 PositionEncoding encoding) {
  std::vector<uint32_t> out;
  out.reserve(tokens.size() * 5);
  TextPosition previous;
  for (const SemanticTokenInfo &token : tokens) {
    // Tokens never cross a line end: both ends are on the same line.
    TextPosition begin = positionOf(lines, token.range.begin, encoding);
    TextPosition end = positionOf(lines, token.range.end, encoding);
    out.push_back(begin.line - previous.line);
    out.push_back(begin.line == previous.line
                      ? begin.character - previous.character
                      : begin.character);
    out.push_back(end.character - begin.character);
    out.push_back(static_cast<uint32_t>(token.type));
    out.push_back(token.modifiers);
    previous = begin;
  }
  return out;
}

std::string bufferlens::semanticTokensText(const std::string &resultId,
                                           const std::vector<uint32_t> &data) {
  std::string out = "{\"resultId\":" + json(resultId).dump() + ",\"data\":[";
  out.reserve(out.size() + data.size() * 4 + 2);
  char buffer[16];
  for (size_t i = 0; i < data.size(); ++i) {
    if (i)
      out += ',';
    auto written = std::to_chars(buffer, buffer + sizeof buffer, data[i]);
    out.append(buffer, written.ptr);
  }
  out += "]}";
  return out;
}

std::vector<SemanticTokensEdit>
bufferlens::diffSemanticTokens(const std::vector<uint32_t> &before,
                               const std::vector<uint32_t> &after) {
  if (before == after)
    return {};
  // Whole tokens of five integers each.
  size_t prefix = 0;
  size_t shorter = std::min(before.size(), after.size()) / 5;
  auto same = [&](size_t i, size_t j) {
    return std::equal(before.begin() + i * 5, before.begin() + i * 5 + 5,
                      after.begin() + j * 5);
  };
  while (prefix < shorter && same(prefix, prefix))
    ++prefix;
  size_t suffix = 0;
  while (suffix < shorter - prefix &&
         same(before.size() / 5 - 1 - suffix, after.size() / 5 - 1 - suffix))
    ++suffix;
  SemanticTokensEdit edit;
  edit.start = static_cast<uint32_t>(prefix * 5);
  edit.deleteCount =
      static_cast<uint32_t>(before.size() - (prefix + suffix) * 5);
  edit.data.assign(after.begin() + prefix * 5,
                   after.end() - static_cast<ptrdiff_t>(suffix * 5));
  return {std::move(edit)};
}
