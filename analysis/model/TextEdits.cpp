//===- TextEdits.cpp ------------------------------------------------------===//

#include "analysis/model/TextEdits.h"

#include <string>

using namespace bufferlens;

static bool isBlank(char c) { return c == ' ' || c == '\t'; }

static uint32_t lineBegin(std::string_view text, uint32_t offset) {
  while (offset > 0 && text[offset - 1] != '\n')
    --offset;
  return offset;
}

/// The line terminator the op's line ends with, so that a file with CRLF
/// line ends keeps them.
static std::string_view newlineAfter(std::string_view text, uint32_t offset) {
  size_t end = text.find('\n', offset);
  return end != std::string_view::npos && end > 0 && text[end - 1] == '\r'
             ? "\r\n"
             : "\n";
}

TextEdit bufferlens::insertLineBefore(std::string_view text, uint32_t opBegin,
                                      std::string_view line) {
  std::string newline(newlineAfter(text, opBegin));
  uint32_t begin = lineBegin(text, opBegin);
  std::string_view prefix = text.substr(begin, opBegin - begin);
  bool blank = true;
  for (char c : prefix)
    blank = blank && isBlank(c);
  if (blank)
    return {{begin, begin}, std::string(prefix) + std::string(line) + newline};
  // The op shares its line with something else (`^bb1: return`): the new
  // line starts where the op did, and the op moves under it, to the same
  // column (tabs kept, so it lines up whatever the tab width).
  std::string indent;
  for (char c : prefix)
    indent += c == '\t' ? '\t' : ' ';
  return {{opBegin, opBegin}, std::string(line) + newline + indent};
}

std::optional<TextEdit> bufferlens::insertLineAfter(std::string_view text,
                                                    SourceRange opRange,
                                                    std::string_view line) {
  std::optional<SourceRange> lines = wholeLines(text, opRange);
  if (!lines || text[lines->end - 1] != '\n')
    return std::nullopt;
  std::string indent(text.substr(lines->begin, opRange.begin - lines->begin));
  std::string newline(newlineAfter(text, opRange.begin));
  return TextEdit{{lines->end, lines->end},
                  indent + std::string(line) + newline};
}

std::optional<SourceRange> bufferlens::wholeLines(std::string_view text,
                                                  SourceRange range) {
  if (range.empty() || range.end > text.size())
    return std::nullopt;
  uint32_t begin = lineBegin(text, range.begin);
  for (uint32_t i = begin; i < range.begin; ++i)
    if (!isBlank(text[i]))
      return std::nullopt;
  uint32_t end = range.end;
  while (end < text.size() && isBlank(text[end]))
    ++end;
  if (text.substr(end, 2) == "//")
    while (end < text.size() && text[end] != '\n')
      ++end;
  if (end < text.size() && text[end] == '\r')
    ++end;
  if (end < text.size() && text[end] != '\n')
    return std::nullopt;
  if (end < text.size())
    ++end;
  return SourceRange{begin, end};
}
