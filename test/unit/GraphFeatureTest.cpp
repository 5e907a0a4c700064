//===- GraphFeatureTest.cpp - bufferlens/graph's links ----------------------//
//
// The `#range=L:C-L:C` links of a drawing are in the session's columns
// and in the current version's lines, also for a function whose snapshot
// part was analysed on an earlier version.
//
//===----------------------------------------------------------------------===//

#include "Annotations.h"
#include "TestUtil.h"
#include "ide/Features.h"
#include "ide/IncrementalAnalysis.h"

#include <gtest/gtest.h>

using namespace bufferlens;
using bufferlens::test::Annotations;

namespace {
std::string link(LineColumn start, LineColumn end) {
  return "#range=" + std::to_string(start.line) + ":" +
         std::to_string(start.column) + "-" + std::to_string(end.line) + ":" +
         std::to_string(end.column);
}

/// The `#range=` links of a drawing, in order.
std::vector<std::string> linksIn(const std::string &content) {
  std::vector<std::string> out;
  for (size_t at = content.find("#range="); at != std::string::npos;
       at = content.find("#range=", at + 1))
    out.push_back(content.substr(at, content.find('"', at) - at));
  return out;
}

GraphAnswer drawDot(const Snapshot &snapshot, const std::string &function,
                    bool utf8) {
  GraphQuery query;
  query.function = function;
  query.stage = "input";
  query.format = viz::GraphFormat::Dot;
  query.utf8Columns = utf8;
  return graphOf(snapshot, query, "t.mlir", AnalysisOptions());
}
} // namespace

TEST(GraphFeatureTest, LinksUseTheSessionsColumns) {
  Annotations code(
      "func.func @f() {\n"
      "  $alloc[[%0 = memref.alloc() {note = \"\xc3\xa9\xc3\xa9\"} "
      ": memref<2xf32>]]\n"
      "  memref.dealloc %0 : memref<2xf32>\n"
      "  return\n"
      "}\n");
  AnalysisResult result = test::analyze(code.code());
  ASSERT_EQ(test::mlirErrors(result), std::vector<std::string>());
  Snapshot snapshot(std::move(result), "file:///t.mlir", 1);
  const LineIndex &lines = snapshot.lines();
  SourceRange alloc = code.range("alloc");

  GraphAnswer utf16 = drawDot(snapshot, "f", /*utf8=*/false);
  ASSERT_EQ(utf16.error, "");
  std::string utf16Link =
      link(lines.toUtf16Column(alloc.begin), lines.toUtf16Column(alloc.end));
  EXPECT_EQ(utf16Link, "#range=1:2-1:51");
  EXPECT_NE(utf16.content.find(utf16Link), std::string::npos) << utf16.content;

  GraphAnswer utf8 = drawDot(snapshot, "f", /*utf8=*/true);
  ASSERT_EQ(utf8.error, "");
  std::string utf8Link =
      link(lines.toByteColumn(alloc.begin), lines.toByteColumn(alloc.end));
  EXPECT_EQ(utf8Link, "#range=1:2-1:53");
  EXPECT_NE(utf8.content.find(utf8Link), std::string::npos) << utf8.content;
  EXPECT_EQ(utf8.content.find(utf16Link), std::string::npos);
}

TEST(GraphFeatureTest, LinksOfAReusedPartAreInTheCurrentLines) {
  const std::string first = "func.func @a() {\n"
                            "  return\n"
                            "}\n";
  const std::string second = "func.func @b() {\n"
                             "  %0 = memref.alloc() : memref<2xf32>\n"
                             "  memref.dealloc %0 : memref<2xf32>\n"
                             "  return\n"
                             "}\n";
  AnalysisOptions options;
  VersionAnalysis v1 = analyzeVersion(nullptr, first + second, "file:///t.mlir",
                                      "t.mlir", options, 1);
  // Two lines added to @a: @b's part is reused, two lines down.
  std::string edited = "func.func @a() {\n"
                       "  %x = arith.constant 1 : index\n"
                       "  %y = arith.constant 2 : index\n"
                       "  return\n"
                       "}\n" +
                       second;
  VersionAnalysis v2 = analyzeVersion(v1.snapshot, edited, "file:///t.mlir",
                                      "t.mlir", options, 2);
  ASSERT_EQ(v2.analysed, VersionAnalysis::Analysed::Parts);
  ASSERT_EQ(v2.snapshot->parts().back().delta, 64);
  VersionAnalysis fresh =
      analyzeVersion(nullptr, edited, "file:///t.mlir", "t.mlir", options, 2);
  for (bool utf8 : {false, true}) {
    GraphAnswer reused = drawDot(*v2.snapshot, "b", utf8);
    GraphAnswer whole = drawDot(*fresh.snapshot, "b", utf8);
    ASSERT_EQ(reused.error, "");
    // Op ids differ (a reused part numbers its own ops); the links not.
    EXPECT_EQ(linksIn(reused.content), linksIn(whole.content));
    EXPECT_NE(reused.content.find("#range=6:2-6:37"), std::string::npos)
        << reused.content;
  }
}

TEST(GraphFeatureTest, AFindingIsDrawnInItsFunctionWithItsPath) {
  Annotations code("func.func @plain() {\n"
                   "  return\n"
                   "}\n"
                   "func.func @leaky(%c: i1) {\n"
                   "  $leak[[%0]] = memref.alloc() : memref<2xf32>\n"
                   "  cf.cond_br %c, ^bb1, ^bb2\n"
                   "^bb1:\n"
                   "  memref.dealloc %0 : memref<2xf32>\n"
                   "  return\n"
                   "^bb2:\n"
                   "  $ret^return\n"
                   "}\n");
  AnalysisResult result = test::analyze(code.code());
  ASSERT_EQ(test::mlirErrors(result), std::vector<std::string>());
  std::vector<BlockId> path;
  for (const Finding &f : result.findings)
    if (f.code == FindingCode::BL101)
      path = f.pathBlocks;
  ASSERT_FALSE(path.empty());
  Snapshot snapshot(std::move(result), "file:///t.mlir", 1);

  // What `graph --finding` draws: the function by name, the path given.
  GraphQuery byName;
  byName.function = "leaky";
  byName.stage = "input";
  byName.format = viz::GraphFormat::Dot;
  byName.path = path;
  GraphAnswer expected = graphOf(snapshot, byName, "t.mlir", AnalysisOptions());
  ASSERT_EQ(expected.error, "");

  GraphQuery byFinding;
  byFinding.stage = "ownership"; // A path is drawn on the input stage.
  byFinding.format = viz::GraphFormat::Dot;
  byFinding.finding = code.range("leak").begin;
  GraphAnswer drawn = graphOf(snapshot, byFinding, "t.mlir", AnalysisOptions());
  EXPECT_EQ(drawn.error, "");
  EXPECT_EQ(drawn.function, "leaky");
  EXPECT_EQ(drawn.content, expected.content);
  EXPECT_EQ(drawn.functions, (std::vector<std::string>{"plain", "leaky"}));

  // The return is a step of the path, not a finding's range.
  byFinding.finding = code.point("ret");
  drawn = graphOf(snapshot, byFinding, "t.mlir", AnalysisOptions());
  EXPECT_EQ(drawn.error, "no finding with a path at the position");
  EXPECT_EQ(drawn.content, "");
}
