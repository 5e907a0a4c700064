//===- LineIndex.cpp ------------------------------------------------------===//

#include "analysis/model/LineIndex.h"

#include <algorithm>
#include <cstring>
#include <iterator>

using namespace bufferlens;

LineIndex::LineIndex(std::string_view text) : text(text) {
  lineStarts.push_back(0);
  if (text.empty())
    return; // memchr must not see the null data() of an empty view.
  const char *begin = text.data(), *end = begin + text.size();
  for (const char *at = begin;
       (at = static_cast<const char *>(std::memchr(at, '\n', end - at))); ++at)
    lineStarts.push_back(static_cast<uint32_t>(at - begin + 1));
  for (uint32_t line = 0; line < lineStarts.size(); ++line)
    if (lineText(line).size() > kUtf16CheckpointBytes)
      addCheckpoints(line);
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

// The length of the run of ASCII bytes at bytes[i], up to bytes[end],
// counted eight at a time: most lines are ASCII, and each of their bytes
// is one UTF-16 unit.
static size_t asciiRun(std::string_view bytes, size_t i, size_t end) {
  size_t start = i;
  end = std::min(end, bytes.size());
  for (uint64_t word; i + 8 <= end; i += 8) {
    std::memcpy(&word, bytes.data() + i, 8);
    if (word & 0x8080808080808080ull)
      break;
  }
  while (i < end && static_cast<unsigned char>(bytes[i]) < 0x80)
    ++i;
  return i - start;
}

// Number of UTF-16 code units that the UTF-8 bytes [begin, end) encode.
// Invalid bytes count as one unit each (they are shown as U+FFFD).
static uint32_t utf16Length(std::string_view bytes) {
  uint32_t units = 0;
  for (size_t i = 0; i < bytes.size();) {
    size_t ascii = asciiRun(bytes, i, bytes.size());
    units += ascii;
    i += ascii;
    if (i == bytes.size())
      break;
    size_t len = sequenceLength(bytes, i);
    units += len == 4 ? 2 : 1;
    i += len;
  }
  return units;
}

// Scanning from a checkpoint gives what scanning from the line's start
// would: the checkpoint is a sequence boundary of that scan, and no
// sequence spans a line terminator (continuation bytes are >= 0x80).
void LineIndex::addCheckpoints(uint32_t line) {
  std::string_view bytes = lineText(line);
  uint32_t start = lineStarts[line];
  uint32_t units = 0, next = kUtf16CheckpointBytes;
  for (size_t i = 0; i < bytes.size();) {
    if (i >= next) {
      checkpoints.push_back({static_cast<uint32_t>(start + i), units});
      next = i + kUtf16CheckpointBytes;
    }
    size_t len = sequenceLength(bytes, i);
    units += len == 4 ? 2 : 1;
    i += len;
  }
}

LineIndex::Checkpoint LineIndex::checkpointBefore(uint32_t line,
                                                  uint32_t offset) const {
  Checkpoint lineStart{lineStarts[line], 0};
  auto it = std::upper_bound(
      checkpoints.begin(), checkpoints.end(), offset,
      [](uint32_t at, const Checkpoint &c) { return at < c.offset; });
  if (it == checkpoints.begin() || std::prev(it)->offset <= lineStart.offset)
    return lineStart;
  return *std::prev(it);
}

LineColumn LineIndex::toUtf16Column(uint32_t offset) const {
  LineColumn bytes = toByteColumn(offset);
  offset = lineStarts[bytes.line] + bytes.column;
  Checkpoint from = checkpointBefore(bytes.line, offset);
  std::string_view rest = text.substr(from.offset, offset - from.offset);
  return {bytes.line, from.units + utf16Length(rest)};
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
  uint32_t start = lineStarts[position.line];
  // The last checkpoint of the line with at most `column` units before it.
  auto first = std::upper_bound(
      checkpoints.begin(), checkpoints.end(), start,
      [](uint32_t at, const Checkpoint &c) { return at < c.offset; });
  auto last = std::lower_bound(
      first, checkpoints.end(), start + static_cast<uint32_t>(line.size()) + 1,
      [](const Checkpoint &c, uint32_t at) { return c.offset < at; });
  auto after = std::upper_bound(
      first, last, position.column,
      [](uint32_t column, const Checkpoint &c) { return column < c.units; });
  uint32_t units = 0;
  size_t i = 0;
  if (after != first) {
    units = std::prev(after)->units;
    i = std::prev(after)->offset - start;
  }
  while (i < line.size() && units < position.column) {
    size_t ascii = asciiRun(line, i, i + (position.column - units));
    units += ascii;
    i += ascii;
    if (i == line.size() || units == position.column)
      break;
    size_t len = sequenceLength(line, i);
    units += len == 4 ? 2 : 1;
    i += len;
  }
  return start + i;
}
