#include "analysis/model/LineIndex.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <string>

using namespace bufferlens;

TEST(LineIndexTest, ByteColumns) {
  LineIndex lines("ab\ncd\r\n\nxyz");
  EXPECT_EQ(lines.lineCount(), 4u);
  EXPECT_EQ(lines.toByteColumn(0), (LineColumn{0, 0}));
  EXPECT_EQ(lines.toByteColumn(2), (LineColumn{0, 2}));
  EXPECT_EQ(lines.toByteColumn(3), (LineColumn{1, 0}));
  EXPECT_EQ(lines.toByteColumn(8), (LineColumn{3, 0}));
  EXPECT_EQ(lines.toByteColumn(100), (LineColumn{3, 3}));
  EXPECT_EQ(lines.lineText(1), "cd");
  EXPECT_EQ(lines.lineText(2), "");
  EXPECT_EQ(lines.fromByteColumn({1, 1}), 4u);
  EXPECT_EQ(lines.fromByteColumn({1, 99}), 5u) << "clamps to the line end";
  EXPECT_EQ(lines.fromByteColumn({9, 0}), 11u) << "clamps to the text end";
}

TEST(LineIndexTest, Utf16ColumnsCountSurrogatePairs) {
  // "é" is 2 bytes / 1 unit, "€" 3 bytes / 1 unit, "😀" 4 bytes / 2 units.
  std::string text = "// \xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80 %x";
  LineIndex lines(text);
  uint32_t x = text.find("%x");
  EXPECT_EQ(lines.toByteColumn(x).column, 13u);
  EXPECT_EQ(lines.toUtf16Column(x).column, 8u);
  EXPECT_EQ(lines.fromUtf16Column({0, 8}), x);
}

TEST(LineIndexTest, InvalidUtf8CountsOneUnitPerByte) {
  std::string text = "\xFF\xFE%y";
  LineIndex lines(text);
  EXPECT_EQ(lines.toUtf16Column(2).column, 2u);
  EXPECT_EQ(lines.fromUtf16Column({0, 2}), 2u);
  // A lead byte without its continuation is one invalid byte; the ASCII
  // byte after it is a character of its own (as decoders show them).
  std::string truncated = "\xC3%z \xE2\x82%w";
  LineIndex cut(truncated);
  EXPECT_EQ(cut.toUtf16Column(1).column, 1u);
  EXPECT_EQ(cut.toUtf16Column(truncated.find("%w")).column, 6u);
  EXPECT_EQ(cut.fromUtf16Column({0, 6}), truncated.find("%w"));
}

TEST(LineIndexTest, WellFormedUtf8Only) {
  EXPECT_EQ(utf8SequenceLength("\xC3\xA9", 0), 2u);
  EXPECT_EQ(utf8SequenceLength("\xE2\x82\xAC", 0), 3u);
  EXPECT_EQ(utf8SequenceLength("\xF4\x8F\xBF\xBF", 0), 4u); // U+10FFFF
  EXPECT_EQ(utf8SequenceLength("\xC0\xAF", 0), 0u);         // overlong
  EXPECT_EQ(utf8SequenceLength("\xE0\x80\xAF", 0), 0u);     // overlong
  EXPECT_EQ(utf8SequenceLength("\xF0\x80\x80\xAF", 0), 0u); // overlong
  EXPECT_EQ(utf8SequenceLength("\xED\xA0\x80", 0), 0u);     // surrogate
  EXPECT_EQ(utf8SequenceLength("\xF4\x90\x80\x80", 0), 0u); // > U+10FFFF
  EXPECT_EQ(utf8SequenceLength("\xF5\x80\x80\x80", 0), 0u);
  EXPECT_EQ(utf8SequenceLength("\x80", 0), 0u);
}

// Columns on lines longer than the checkpoint distance come from the
// checkpoints; they must be the columns a scan from the line's start gives,
// at every offset, including sequences that straddle a checkpoint and
// invalid bytes.
static uint32_t utf16ColumnByScan(const std::string &line, size_t column) {
  uint32_t units = 0;
  std::string prefix = line.substr(0, column);
  for (size_t i = 0; i < prefix.size();) {
    size_t len = std::max<size_t>(1, utf8SequenceLength(prefix, i));
    units += len == 4 ? 2 : 1;
    i += len;
  }
  return units;
}

TEST(LineIndexTest, LongLinesConvertLikeAScanFromTheLineStart) {
  const std::string pieces[] = {"%a = memref.alloc() ",
                                "\xC3\xA9",
                                "\xE2\x82\xAC",
                                "\xF0\x9F\x98\x80",
                                "\xFF",
                                "\xE2\x82",
                                "x"};
  std::string longLine;
  for (unsigned i = 0; longLine.size() < 5 * LineIndex::kUtf16CheckpointBytes;
       ++i)
    longLine += pieces[(i * 7 + i / 3) % std::size(pieces)];
  std::string text = "short\n" + longLine + "\r\nmiddle\n" + longLine;
  LineIndex lines(text);
  ASSERT_EQ(lines.lineCount(), 4u);
  for (uint32_t line : {1u, 3u}) {
    uint32_t start = lines.lineStart(line);
    for (size_t column = 0; column <= longLine.size(); ++column) {
      uint32_t units = utf16ColumnByScan(longLine, column);
      ASSERT_EQ(lines.toUtf16Column(start + column), (LineColumn{line, units}))
          << "line " << line << " byte column " << column;
      // Back from units: where a scan from the line's start stops.
      uint32_t expected = 0, scanned = 0;
      while (expected < longLine.size() && scanned < units) {
        size_t len =
            std::max<size_t>(1, utf8SequenceLength(longLine, expected));
        scanned += len == 4 ? 2 : 1;
        expected += len;
      }
      ASSERT_EQ(lines.fromUtf16Column({line, units}), start + expected);
    }
    EXPECT_EQ(lines.fromUtf16Column({line, 1u << 30}), start + longLine.size())
        << "clamps to the line end, before its terminator";
  }
  EXPECT_EQ(lines.toUtf16Column(lines.lineStart(2) + 3), (LineColumn{2, 3}));
}

TEST(LineIndexTest, ShortLinesConvertLikeAScanFromTheLineStart) {
  // ASCII runs of every length from 0 to 20 between multi-byte sequences:
  // runs are skipped eight bytes at a time, and must stop where a scan
  // byte by byte would.
  std::string line;
  for (size_t run = 0; run <= 20; ++run)
    line += std::string(run, 'a') + (run % 2 ? "\xF0\x9F\x98\x80" : "\xC3\xA9");
  ASSERT_LT(line.size(), LineIndex::kUtf16CheckpointBytes);
  std::string text = "x\n" + line + "\n";
  LineIndex lines(text);
  uint32_t start = lines.lineStart(1);
  for (size_t column = 0; column <= line.size(); ++column) {
    uint32_t units = utf16ColumnByScan(line, column);
    ASSERT_EQ(lines.toUtf16Column(start + column), (LineColumn{1, units}))
        << "byte column " << column;
  }
  for (uint32_t units = 0; units <= utf16ColumnByScan(line, line.size());
       ++units) {
    uint32_t expected = 0, scanned = 0;
    while (expected < line.size() && scanned < units) {
      size_t len = std::max<size_t>(1, utf8SequenceLength(line, expected));
      scanned += len == 4 ? 2 : 1;
      expected += len;
    }
    ASSERT_EQ(lines.fromUtf16Column({1, units}), start + expected)
        << "units " << units;
  }
}
