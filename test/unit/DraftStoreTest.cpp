//===- DraftStoreTest.cpp - The client's texts and its incremental edits --===//

#include "server/DraftStore.h"

#include <gtest/gtest.h>

using namespace bufferlens;

namespace {
lsp::ContentChange edit(TextPosition start, TextPosition end,
                        std::string text) {
  lsp::ContentChange change;
  change.text = std::move(text);
  change.hasRange = true;
  change.range = lsp::Range{start, end};
  change.rangeText = "R";
  return change;
}
lsp::ContentChange whole(std::string text) {
  lsp::ContentChange change;
  change.text = std::move(text);
  return change;
}
} // namespace

TEST(DraftStoreTest, EditsApplyInOrderInTheSessionsEncoding) {
  DraftStore drafts;
  drafts.open("a", "x = \xCF\x80 y\nz\n", 1);
  // UTF-16: the pi is one code unit; UTF-8: two bytes.
  auto change = drafts.change("a", 2, {edit({0, 6}, {0, 7}, "w")},
                              PositionEncoding::Utf16);
  EXPECT_EQ(change.kind, DraftStore::Change::Updated);
  EXPECT_EQ(*drafts.find("a")->text, "x = \xCF\x80 w\nz\n");
  drafts.change("a", 3, {edit({1, 0}, {1, 1}, "Z"), edit({0, 7}, {0, 8}, "v")},
                PositionEncoding::Utf8);
  EXPECT_EQ(*drafts.find("a")->text, "x = \xCF\x80 v\nZ\n");
  EXPECT_EQ(drafts.find("a")->version, 3);
  // A character past its line's end is the line's end.
  drafts.change("a", 4, {edit({1, 99}, {1, 99}, "!")}, PositionEncoding::Utf16);
  EXPECT_EQ(*drafts.find("a")->text, "x = \xCF\x80 v\nZ!\n");
}

TEST(DraftStoreTest, AnEditOutsideTheTextLosesItUntilAWholeTextComes) {
  DraftStore drafts;
  drafts.open("a", "one\ntwo\n", 1);
  auto lost = drafts.change("a", 2, {edit({40, 0}, {40, 0}, "x")},
                            PositionEncoding::Utf16);
  EXPECT_EQ(lost.kind, DraftStore::Change::Lost);
  EXPECT_EQ(lost.problem, "an edit's range R is not a range of the text");
  EXPECT_TRUE(drafts.find("a")->lost);
  auto still = drafts.change("a", 3, {edit({0, 0}, {0, 0}, "y")},
                             PositionEncoding::Utf16);
  EXPECT_EQ(still.kind, DraftStore::Change::StillLost);
  // An end before its start is no range either.
  drafts.open("b", "one\ntwo\n", 1);
  EXPECT_EQ(
      drafts
          .change("b", 2, {edit({1, 0}, {0, 0}, "x")}, PositionEncoding::Utf16)
          .kind,
      DraftStore::Change::Lost);
  // The whole text brings it back, and later edits apply to it.
  auto back = drafts.change("a", 4, {whole("abc\n"), edit({0, 1}, {0, 2}, "B")},
                            PositionEncoding::Utf16);
  EXPECT_EQ(back.kind, DraftStore::Change::Updated);
  EXPECT_EQ(*drafts.find("a")->text, "aBc\n");
  EXPECT_FALSE(drafts.find("a")->lost);
  lsp::ContentChange noText;
  noText.hasRange = true;
  auto missing = drafts.change("a", 5, {noText}, PositionEncoding::Utf16);
  EXPECT_EQ(missing.problem, "an edit has no 'text'");
}

TEST(DraftStoreTest, ADocumentThatIsNotOpenIsAnError) {
  DraftStore drafts;
  EXPECT_THROW(drafts.change("nope", 1, {whole("x")}, PositionEncoding::Utf16),
               InvalidParamsError);
  drafts.open("a", "x", 1);
  drafts.close("a");
  EXPECT_EQ(drafts.find("a"), nullptr);
}
