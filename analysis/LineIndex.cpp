//===- LineIndex.cpp ------------------------------------------------------===//

#include "analysis/LineIndex.h"

#include <algorithm>
#include <cstring>

using namespace bufferlens;

LineIndex::LineIndex(std::string_view text) : text(text) {
  lineStarts.push_back(0);
  if (text.empty())
    return; // memchr must not see the null data() of an empty view.
  const char *begin = text.data(), *end = begin + text.size();
  for (const char *at = begin;
       (at = static_cast<const char *>(std::memchr(at, '\n', end - at))); ++at)
    lineStarts.push_back(static_cast<uint32_t>(at - begin + 1));
}

uint32_t LineIndex::lineStart(uint32_t line) const {
  if (line >= lineStarts.size())
    return text.size();
  return lineStarts[line];
}

std::string_view LineIndex::lineText(uint32_t line) const {
  if (line >= lineStarts.size())
    return {};
  uint32_t begin = lineStarts[line];
  uint32_t end =
      line + 1 < lineStarts.size() ? lineStarts[line + 1] - 1 : text.size();
  if (end > begin && text[end - 1] == '\r')
    --end;
  return text.substr(begin, end - begin);
}

LineColumn LineIndex::toByteColumn(uint32_t offset) const {
  offset = std::min<uint32_t>(offset, text.size());
  auto it = std::upper_bound(lineStarts.begin(), lineStarts.end(), offset);
  uint32_t line = (it - lineStarts.begin()) - 1;
  return {line, offset - lineStarts[line]};
}

// Well-formed sequences as RFC 3629 lists them: no overlong forms (C0, C1,
// E0 80..9F, F0 80..8F), no surrogates (ED A0..BF), nothing past U+10FFFF
// (F4 90.., F5..FF), so what passes is what every JSON parser accepts.
size_t bufferlens::utf8SequenceLength(std::string_view text, size_t i) {
  unsigned char c = text[i];
  if (c < 0x80)
    return 1;
  size_t len;
  unsigned char low = 0x80, high = 0xBF; // the second byte's range
  if (c >= 0xC2 && c <= 0xDF) {
    len = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    len = 3;
    low = c == 0xE0 ? 0xA0 : low;
    high = c == 0xED ? 0x9F : high;
  } else if (c >= 0xF0 && c <= 0xF4) {
    len = 4;
    low = c == 0xF0 ? 0x90 : low;
    high = c == 0xF4 ? 0x8F : high;
  } else {
    return 0;
  }
  if (i + len > text.size())
    return 0;
  unsigned char second = text[i + 1];
  if (second < low || second > high)
    return 0;
  for (size_t k = 2; k < len; ++k)
    if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80)
      return 0;
  return len;
}

// A byte that starts no valid sequence counts as a sequence of one, shown
// as U+FFFD (one UTF-16 unit), as decoders do.
static size_t sequenceLength(std::string_view bytes, size_t i) {
  return std::max<size_t>(1, utf8SequenceLength(bytes, i));
}

// Number of UTF-16 code units that the UTF-8 bytes [begin, end) encode.
// Invalid bytes count as one unit each (they are shown as U+FFFD).
static uint32_t utf16Length(std::string_view bytes) {
  uint32_t units = 0;
  for (size_t i = 0; i < bytes.size();) {
    size_t len = sequenceLength(bytes, i);
    units += len == 4 ? 2 : 1;
    i += len;
  }
  return units;
}

LineColumn LineIndex::toUtf16Column(uint32_t offset) const {
  LineColumn bytes = toByteColumn(offset);
  std::string_view prefix = text.substr(lineStarts[bytes.line], bytes.column);
  return {bytes.line, utf16Length(prefix)};
}

uint32_t LineIndex::fromByteColumn(LineColumn position) const {
  if (position.line >= lineStarts.size())
    return text.size();
  std::string_view line = lineText(position.line);
  return lineStarts[position.line] +
         std::min<uint32_t>(position.column, line.size());
}

uint32_t LineIndex::fromUtf16Column(LineColumn position) const {
  if (position.line >= lineStarts.size())
    return text.size();
  std::string_view line = lineText(position.line);
  uint32_t units = 0;
  size_t i = 0;
  while (i < line.size() && units < position.column) {
    size_t len = sequenceLength(line, i);
    units += len == 4 ? 2 : 1;
    i += len;
  }
  return lineStarts[position.line] + i;
}
