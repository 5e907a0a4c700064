//===- LineIndex.h - Byte offsets to lines and columns --------------------===//
//
// The analysis speaks byte offsets; compilers print 1-based byte columns and
// LSP wants 0-based UTF-16 (or UTF-8) columns. LineIndex converts between
// them for one text without copying it.
//
// Every conversion costs O(log lines) plus a scan of at most
// kUtf16CheckpointBytes: lines longer than that carry UTF-16 checkpoints,
// so that N positions on one long line (a minified or generated file)
// cost N short scans rather than N scans from the start of the line.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_MODEL_LINEINDEX_H
#define BUFFERLENS_ANALYSIS_MODEL_LINEINDEX_H

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

  /// Distance in bytes between UTF-16 checkpoints on a long line.
  static constexpr uint32_t kUtf16CheckpointBytes = 1024;

private:
  /// A sequence start on a long line and the UTF-16 units from the start
  /// of its line to it.
  struct Checkpoint {
    uint32_t offset;
    uint32_t units;
  };
  void addCheckpoints(uint32_t line);
  /// The last checkpoint of `line` at or before `offset` (or the line's
  /// start with 0 units).
  Checkpoint checkpointBefore(uint32_t line, uint32_t offset) const;

  std::string_view text;
  std::vector<uint32_t> lineStarts;
  /// Sorted by offset (and, within a line, by units).
  std::vector<Checkpoint> checkpoints;
};

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_MODEL_LINEINDEX_H
