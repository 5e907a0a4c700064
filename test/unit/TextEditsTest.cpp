// Whole-line edits: the indentation an inserted line takes, and when an op's
// lines can be deleted without taking other text with them.

#include "analysis/model/TextEdits.h"

#include <gtest/gtest.h>

using namespace bufferlens;

TEST(TextEditsTest, InsertedLineTakesTheIndentationOfTheOp) {
  std::string text = "^bb1:\n    return\n";
  TextEdit edit = insertLineBefore(text, text.find("return"), "op");
  EXPECT_EQ(edit.range, (SourceRange{6, 6}));
  EXPECT_EQ(edit.newText, "    op\n");
}

TEST(TextEditsTest, InsertedLineKeepsCrlfLineEnds) {
  std::string text = "^bb1:\r\n  return\r\n";
  TextEdit edit = insertLineBefore(text, text.find("return"), "op");
  EXPECT_EQ(edit.range, (SourceRange{7, 7}));
  EXPECT_EQ(edit.newText, "  op\r\n");
}

TEST(TextEditsTest, OpAfterALabelMovesUnderTheInsertedLine) {
  std::string text = "^bb1:\treturn\n";
  uint32_t at = text.find("return");
  TextEdit edit = insertLineBefore(text, at, "op");
  EXPECT_EQ(edit.range, (SourceRange{at, at}));
  EXPECT_EQ(edit.newText, "op\n     \t") << "tabs stay tabs";
}

TEST(TextEditsTest, InsertAfterAnOpAlone) {
  std::string text = "{\n  %0 = op  // note\n}\n";
  uint32_t begin = text.find("%0");
  std::optional<TextEdit> edit =
      insertLineAfter(text, {begin, begin + 7}, "next");
  ASSERT_TRUE(edit);
  EXPECT_EQ(edit->range, (SourceRange{21, 21}));
  EXPECT_EQ(edit->newText, "  next\n");
  // A `}` on the op's line: the new line would leave the region.
  std::string closed = "{ %0 = op }\n";
  begin = closed.find("%0");
  EXPECT_FALSE(insertLineAfter(closed, {begin, begin + 7}, "next"));
}

TEST(TextEditsTest, WholeLines) {
  std::string text = "a\n  %0 = op\n    x  // c\nb";
  uint32_t begin = text.find("%0");
  uint32_t end = text.find("x") + 1;
  EXPECT_EQ(wholeLines(text, {begin, end}),
            (SourceRange{2, static_cast<uint32_t>(text.find("b"))}))
      << "several lines, a trailing comment";
  EXPECT_EQ(wholeLines(text, {begin, begin + 7}),
            (SourceRange{2, static_cast<uint32_t>(text.find("    x"))}));
  EXPECT_FALSE(wholeLines(text, {begin + 5, begin + 7}))
      << "text before it on its line";
  EXPECT_FALSE(wholeLines(text, {begin, begin + 2}))
      << "text after it on its line";
  EXPECT_EQ(wholeLines(text, {static_cast<uint32_t>(text.size()) - 1,
                              static_cast<uint32_t>(text.size())}),
            (SourceRange{static_cast<uint32_t>(text.size()) - 1,
                         static_cast<uint32_t>(text.size())}))
      << "the last line, without a line end";
  EXPECT_FALSE(wholeLines(text, {3, 3})) << "an empty range";
}
