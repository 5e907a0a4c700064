//===- LineIndex.h - Byte offsets to lines and columns --------------------===//
//
// The analysis speaks byte offsets; compilers print 1-based byte columns and
// LSP wants 0-based UTF-16 (or UTF-8) columns. LineIndex converts between
// them for one text without copying it.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_LINEINDEX_H
#define BUFFERLENS_ANALYSIS_LINEINDEX_H

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace bufferlens {

/// The length of the well-formed UTF-8 sequence starting at text[i] (1 to
/// 4), or 0 when the bytes there are not one (a stray or truncated byte,
/// an overlong form, a surrogate, a code point past U+10FFFF).
size_t utf8SequenceLength(std::string_view text, size_t i);

/// 0-based line and 0-based column; the column's unit depends on the call.
struct LineColumn {
  uint32_t line = 0;
  uint32_t column = 0;
  friend bool operator==(const LineColumn &a, const LineColumn &b) {
    return a.line == b.line && a.column == b.column;
  }
};

class LineIndex {
public:
  explicit LineIndex(std::string_view text);

  uint32_t lineCount() const { return lineStarts.size(); }
  uint32_t lineStart(uint32_t line) const;
  /// The line's text without its line terminator.
  std::string_view lineText(uint32_t line) const;

  /// Byte column (0-based). Offsets past the end clamp to the end.
  LineColumn toByteColumn(uint32_t offset) const;
  /// UTF-16 code-unit column, as LSP's default position encoding.
  LineColumn toUtf16Column(uint32_t offset) const;

  /// Inverse conversions; columns past the end of the line clamp to it.
  uint32_t fromByteColumn(LineColumn position) const;
  uint32_t fromUtf16Column(LineColumn position) const;

private:
  std::string_view text;
  std::vector<uint32_t> lineStarts;
};

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_LINEINDEX_H
