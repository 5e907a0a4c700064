//===- SourceCode.cpp -----------------------------------------------------===//

#include "ide/SourceCode.h"

#include <algorithm>
#include <cstring>

using namespace bufferlens;

TextPosition bufferlens::positionOf(const LineIndex &lines, uint32_t offset,
                                    PositionEncoding encoding) {
  LineColumn at = encoding == PositionEncoding::Utf8
                      ? lines.toByteColumn(offset)
                      : lines.toUtf16Column(offset);
  return {at.line, at.column};
}

uint32_t bufferlens::offsetOf(const LineIndex &lines, TextPosition position,
                              PositionEncoding encoding) {
  LineColumn at{position.line, position.character};
  return encoding == PositionEncoding::Utf8 ? lines.fromByteColumn(at)
                                            : lines.fromUtf16Column(at);
}

std::optional<uint32_t>
bufferlens::offsetOfPosition(std::string_view text, TextPosition position,
                             PositionEncoding encoding) {
  size_t lineStart = 0;
  for (uint32_t line = 0; line < position.line; ++line) {
    const void *lineBreak = lineStart < text.size()
                                ? std::memchr(text.data() + lineStart, '\n',
                                              text.size() - lineStart)
                                : nullptr;
    if (!lineBreak)
      return std::nullopt;
    lineStart = static_cast<const char *>(lineBreak) - text.data() + 1;
  }
  size_t lineEnd = std::min(text.find('\n', lineStart), text.size());
  // An index of that one line converts its column as the whole one would.
  LineIndex line(text.substr(lineStart, lineEnd - lineStart));
  return static_cast<uint32_t>(
      lineStart + offsetOf(line, {0, position.character}, encoding));
}

std::optional<SourceRange> bufferlens::rangeOfEdit(std::string_view text,
                                                   TextPositionRange range,
                                                   PositionEncoding encoding) {
  std::optional<uint32_t> begin = offsetOfPosition(text, range.start, encoding);
  std::optional<uint32_t> end = offsetOfPosition(text, range.end, encoding);
  if (!begin || !end || *end < *begin)
    return std::nullopt;
  return SourceRange{*begin, *end};
}

std::string bufferlens::applyEdit(std::string_view text, SourceRange range,
                                  std::string_view replacement) {
  std::string next;
  next.reserve(text.size() - (range.end - range.begin) + replacement.size());
  next.append(text.substr(0, range.begin));
  next.append(replacement);
  next.append(text.substr(range.end));
  return next;
}
