//===- ApplyFixesTest.cpp - lint --fix's edits and its unified diff -------===//

#include "cli/ApplyFixes.h"
#include "cli/UnifiedDiff.h"

#include "gtest/gtest.h"

using namespace bufferlens;

namespace {

Finding withFix(std::vector<TextEdit> edits) {
  Finding finding;
  finding.fixes.push_back({"fix", std::move(edits)});
  return finding;
}

TEST(ApplyFixesTest, AppliesEveryFixFrontToBack) {
  std::string text = "aaa\nbbb\nccc\n";
  AppliedFixes out =
      applyFixes(text, {withFix({{{8, 12}, ""}}), withFix({{{0, 3}, "AAA"}})});
  EXPECT_EQ(out.text, "AAA\nbbb\n");
  EXPECT_EQ(out.applied, 2u);
  EXPECT_EQ(out.skipped, 0u);
}

TEST(ApplyFixesTest, SkipsAFixOverlappingOneBeforeIt) {
  // Both delete line 2; the first in document order (by its first edit)
  // wins, whatever the order of the findings.
  std::string text = "aaa\nbbb\nccc\n";
  AppliedFixes out = applyFixes(text, {withFix({{{4, 8}, ""}, {{8, 11}, "Y"}}),
                                       withFix({{{0, 3}, "X"}, {{4, 8}, ""}})});
  EXPECT_EQ(out.text, "X\nccc\n");
  EXPECT_EQ(out.applied, 1u);
  EXPECT_EQ(out.skipped, 1u);
}

TEST(ApplyFixesTest, InsertionInsideARangeOverlaps) {
  AppliedFixes out =
      applyFixes("abcdef", {withFix({{{1, 4}, ""}}), withFix({{{2, 2}, "X"}})});
  EXPECT_EQ(out.text, "aef");
  EXPECT_EQ(out.skipped, 1u);
}

TEST(ApplyFixesTest, InsertionsAtOneOffsetApplyInFixOrder) {
  // Two leaks freed before the same `return`, and a deletion starting there.
  std::string text = "x\nreturn\n";
  AppliedFixes out = applyFixes(text, {withFix({{{2, 2}, "free a\n"}}),
                                       withFix({{{2, 2}, "free b\n"}}),
                                       withFix({{{2, 9}, "ret\n"}})});
  EXPECT_EQ(out.text, "x\nfree a\nfree b\nret\n");
  EXPECT_EQ(out.applied, 3u);
}

TEST(ApplyFixesTest, OnlyTheFirstFixOfAFindingAndNoneOutOfRange) {
  Finding two = withFix({{{0, 1}, "A"}});
  two.fixes.push_back({"alternative", {{{0, 1}, "B"}}});
  AppliedFixes out = applyFixes("ab", {two, withFix({{{1, 5}, ""}})});
  EXPECT_EQ(out.text, "Ab");
  EXPECT_EQ(out.applied, 1u);
  EXPECT_EQ(out.skipped, 1u);
}

/// A finding whose fix turns the first `from` of `text` into `to`, if any.
std::vector<Finding> replaceFirst(const std::string &text, char from,
                                  const std::string &to) {
  size_t at = text.find(from);
  if (at == std::string::npos)
    return {};
  uint32_t begin = at;
  return {withFix({{{begin, begin + 1}, to}})};
}

Finding mlirError(uint32_t begin, std::string message) {
  Finding finding;
  finding.source = "mlir";
  finding.severity = Severity::Error;
  finding.range = {begin, begin + 1};
  finding.message = std::move(message);
  return finding;
}

TEST(FixUntilStableTest, FixesWhatEachPassExposes) {
  // Each pass's analysis offers the next fix, as a chain of redundant
  // clones does: three passes change the text, the fourth finds nothing.
  std::vector<std::string> analysed;
  std::vector<Finding> last;
  FixedText out = fixUntilStable("xxx", replaceFirst("xxx", 'x', "y"),
                                 [&](const std::string &text) {
                                   analysed.push_back(text);
                                   last = replaceFirst(text, 'x', "y");
                                   return Relint{&last, ""};
                                 });
  EXPECT_EQ(out.text, "yyy");
  EXPECT_EQ(out.applied, 3u);
  EXPECT_EQ(out.passes, 3u);
  EXPECT_EQ(out.rejection, "");
  EXPECT_EQ(analysed, (std::vector<std::string>{"yxx", "yyx", "yyy"}));
}

TEST(FixUntilStableTest, StopsAfterTheLastPassAllowed) {
  // A fix that always offers another must not loop forever.
  std::vector<Finding> last;
  FixedText out = fixUntilStable("x", replaceFirst("x", 'x', "xx"),
                                 [&](const std::string &text) {
                                   last = replaceFirst(text, 'x', "xx");
                                   return Relint{&last, ""};
                                 });
  EXPECT_EQ(out.passes, kMaxFixPasses);
  EXPECT_EQ(out.text, std::string(kMaxFixPasses + 1, 'x'));
}

TEST(FixUntilStableTest, ANewMlirErrorRejectsEveryPass) {
  // The second pass breaks the text: nothing is applied, not even the
  // first pass, and the error named is the rejected text's.
  std::vector<Finding> last;
  FixedText out = fixUntilStable(
      "xx", replaceFirst("xx", 'x', "y"), [&](const std::string &text) {
        last = replaceFirst(text, 'x', "y");
        if (text == "yy")
          last.push_back(mlirError(1, "expected ':'"));
        return Relint{&last, ""};
      });
  EXPECT_EQ(out.text, "xx");
  EXPECT_EQ(out.applied, 0u);
  EXPECT_EQ(out.passes, 0u);
  EXPECT_EQ(out.rejection, "the fixed text does not verify");
  ASSERT_TRUE(out.error.has_value());
  EXPECT_EQ(out.error->message, "expected ':'");
  EXPECT_EQ(out.rejectedText, "yy");
}

TEST(FixUntilStableTest, ErrorsTheInputAlreadyHasDoNotReject) {
  std::vector<Finding> input = replaceFirst("x!", 'x', "y");
  input.push_back(mlirError(1, "old"));
  std::vector<Finding> last;
  FixedText out = fixUntilStable("x!", input, [&](const std::string &text) {
    last = {mlirError(1, "old")};
    return Relint{&last, ""};
  });
  EXPECT_EQ(out.text, "y!");
  EXPECT_EQ(out.rejection, "");
}

TEST(FixUntilStableTest, ATextThatCannotBeAnalysedIsRejected) {
  FixedText out = fixUntilStable(
      "x", replaceFirst("x", 'x', "y"),
      [&](const std::string &) { return Relint{nullptr, "no memory"}; });
  EXPECT_EQ(out.text, "x");
  EXPECT_EQ(out.rejection, "no memory");
  EXPECT_FALSE(out.error.has_value());
}

TEST(UnifiedDiffTest, EqualTextsHaveNoDiff) {
  EXPECT_EQ(unifiedDiff("f.mlir", "a\n", "a\n"), "");
}

// The expected diffs are GNU diff's (`diff -u`) of the same texts.
TEST(UnifiedDiffTest, HunksWithThreeLinesOfContext) {
  std::string before, after;
  for (int i = 1; i <= 20; ++i) {
    before += std::to_string(i) + "\n";
    if (i == 2)
      after += "two\n";
    else if (i != 18)
      after += std::to_string(i) + "\n";
  }
  EXPECT_EQ(unifiedDiff("./dir/f.mlir", before, after), "--- a/dir/f.mlir\n"
                                                        "+++ b/dir/f.mlir\n"
                                                        "@@ -1,5 +1,5 @@\n"
                                                        " 1\n"
                                                        "-2\n"
                                                        "+two\n"
                                                        " 3\n"
                                                        " 4\n"
                                                        " 5\n"
                                                        "@@ -15,6 +15,5 @@\n"
                                                        " 15\n"
                                                        " 16\n"
                                                        " 17\n"
                                                        "-18\n"
                                                        " 19\n"
                                                        " 20\n");
}

TEST(UnifiedDiffTest, NearbyChangesShareAHunk) {
  EXPECT_EQ(unifiedDiff("f", "1\n2\n3\n4\n5\n6\n7\n8\n9\n",
                        "1\nA\n3\n4\n5\n6\n7\n8\nB\n"),
            "--- a/f\n+++ b/f\n@@ -1,9 +1,9 @@\n 1\n-2\n+A\n 3\n 4\n 5\n 6\n"
            " 7\n 8\n-9\n+B\n");
}

TEST(UnifiedDiffTest, InsertionIntoAnEmptyFileAndMissingNewline) {
  EXPECT_EQ(unifiedDiff("/abs/f", "", "x\n"),
            "--- a/abs/f\n+++ b/abs/f\n@@ -0,0 +1 @@\n+x\n");
  EXPECT_EQ(unifiedDiff("f", "a\nb", "a\nc"),
            "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n"
            "\\ No newline at end of file\n+c\n"
            "\\ No newline at end of file\n");
}

} // namespace
