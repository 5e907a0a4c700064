//===- TakeFindingsTest.cpp - Findings moved out of a snapshot ------------===//

#include "ide/TakeFindings.h"

#include <gtest/gtest.h>

using namespace bufferlens;

namespace {
Finding finding(uint32_t begin, uint32_t end, std::string message) {
  Finding out;
  out.code = FindingCode::BL101;
  out.range = {begin, end};
  out.message = std::move(message);
  out.related.push_back({{begin, end}, "related"});
  return out;
}

// "aaaa\nbbbb\n" in two parts; the second's result is in its own offsets
// (delta 5), as an edit's reused part is.
SnapshotRef twoParts() {
  auto text = std::make_shared<const std::string>("aaaa\nbbbb\n");
  std::vector<SnapshotPart> parts(2);
  AnalysisResult first, second;
  first.sharedText = text;
  first.findings = {finding(1, 2, "first")};
  second.findings = {finding(1, 3, "second")};
  parts[0].result = std::make_shared<AnalysisResult>(std::move(first));
  parts[0].covers = {0, 5};
  parts[1].result = std::make_shared<AnalysisResult>(std::move(second));
  parts[1].covers = {5, 10};
  parts[1].delta = 5;
  return std::make_shared<const Snapshot>(text, std::move(parts), "u", 1);
}

void expectSame(const std::vector<Finding> &a, const std::vector<Finding> &b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].message, b[i].message);
    EXPECT_EQ(a[i].range.begin, b[i].range.begin);
    EXPECT_EQ(a[i].range.end, b[i].range.end);
    ASSERT_EQ(a[i].related.size(), b[i].related.size());
    EXPECT_EQ(a[i].related[0].range.begin, b[i].related[0].range.begin);
    EXPECT_EQ(a[i].related[0].message, b[i].related[0].message);
  }
}
} // namespace

TEST(TakeFindingsTest, HeldAloneTheFindingsAreMovedOutAsFindingsSaysThem) {
  std::vector<Finding> want = twoParts()->findings();
  ASSERT_EQ(want.size(), 2u);
  EXPECT_EQ(want[1].range.begin, 6u);
  std::vector<Finding> got = takeFindings(twoParts());
  expectSame(got, want);
}

TEST(TakeFindingsTest, SharedTheFindingsAreCopiedAndTheSnapshotKeepsThem) {
  SnapshotRef snapshot = twoParts();
  SnapshotRef other = snapshot;
  std::vector<Finding> got = takeFindings(std::move(snapshot));
  expectSame(got, twoParts()->findings());
  expectSame(other->findings(), got);

  // A result shared with another snapshot is not moved from either.
  SnapshotRef alone = twoParts();
  std::shared_ptr<const AnalysisResult> result = alone->parts()[0].result;
  got = takeFindings(std::move(alone));
  expectSame(got, twoParts()->findings());
  ASSERT_EQ(result->findings.size(), 1u);
  EXPECT_EQ(result->findings[0].message, "first");
}
