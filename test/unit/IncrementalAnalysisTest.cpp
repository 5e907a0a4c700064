//===- IncrementalAnalysisTest.cpp - Edits answered from reused parts -----===//
//
// A version analysed after an edit inside one top-level operation reuses
// the previous version's parts for the rest (ide/IncrementalAnalysis.h):
// what it answers must be what a fresh analysis of the same text answers.
//
//===----------------------------------------------------------------------===//

#include "ide/IncrementalAnalysis.h"
#include "BufferizedGenerator.h"
#include "SameAnswers.h"
#include "TestUtil.h"
#include "ide/Features.h"

#include <gtest/gtest.h>

#include <regex>

using namespace bufferlens;
using bufferlens::test::describe;

namespace {
const char *const kUri = "file:///t.mlir";

VersionAnalysis analyse(const SnapshotRef &previous, std::string text,
                        int64_t version) {
  // One thread: a small document is one part either way.
  return analyzeVersion(previous, std::move(text), kUri, "t.mlir",
                        AnalysisOptions(), version, 1);
}

/// `text` with `inserted` put before the first occurrence of `before`.
std::string insertBefore(std::string text, const std::string &before,
                         const std::string &inserted) {
  size_t at = text.find(before);
  EXPECT_NE(at, std::string::npos) << before;
  return text.insert(at, inserted);
}

std::vector<std::string> rangeLinks(const std::string &content) {
  static const std::regex link("#range=[0-9]+:[0-9]+-[0-9]+:[0-9]+");
  std::vector<std::string> out;
  for (auto it = std::sregex_iterator(content.begin(), content.end(), link);
       it != std::sregex_iterator(); ++it)
    out.push_back(it->str());
  return out;
}
} // namespace

TEST(IncrementalAnalysisTest, ShiftedPartsMoveHoverLinesAndGraphLinks) {
  std::string text = "func.func @leaky(%cond: i1) {\n"
                     "  %buf = memref.alloc() : memref<4xf32>\n"
                     "  cf.cond_br %cond, ^free, ^keep\n"
                     "^free:\n"
                     "  memref.dealloc %buf : memref<4xf32>\n"
                     "  cf.br ^exit\n"
                     "^keep:\n"
                     "  cf.br ^exit\n"
                     "^exit:\n"
                     "  return\n"
                     "}\n"
                     "func.func @twice() {\n"
                     "  %a = memref.alloc() : memref<8xi8>\n"
                     "  memref.dealloc %a : memref<8xi8>\n"
                     "  memref.dealloc %a : memref<8xi8>\n"
                     "  return\n"
                     "}\n";
  VersionAnalysis first = analyse(nullptr, text, 1);
  EXPECT_EQ(first.analysed, VersionAnalysis::Analysed::WholeDocument);
  // The same text again: nothing is analysed (the debounce learns nothing
  // from it).
  VersionAnalysis same = analyse(first.snapshot, text, 2);
  EXPECT_EQ(same.analysed, VersionAnalysis::Analysed::Nothing);
  EXPECT_EQ(same.how, "nothing (same text)");
  // Two lines added to @leaky: @twice's part is reused, two lines down.
  const std::string added = "  %x = arith.constant 1 : index\n"
                            "  %y = arith.constant 2 : index\n";
  std::string edited = insertBefore(text, "  cf.cond_br", added);
  VersionAnalysis second = analyse(first.snapshot, edited, 2);
  ASSERT_EQ(second.how, "one top-level operation (1 of 2)");
  EXPECT_EQ(second.analysed, VersionAnalysis::Analysed::Parts);
  ASSERT_EQ(second.snapshot->parts().size(), 2u);
  EXPECT_EQ(second.snapshot->parts()[1].delta,
            static_cast<int64_t>(added.size()));
  SnapshotRef fresh = analyse(nullptr, edited, 2).snapshot;

  // The free of %a, named by its line: line 14 of the analysed text, 16 of
  // this version.
  uint32_t use = edited.find("%a :") + 1;
  std::optional<HoverInfo> hover = hoverAt(*second.snapshot, use);
  std::optional<HoverInfo> freshHover = hoverAt(*fresh, use);
  ASSERT_TRUE(hover && freshHover);
  EXPECT_EQ(hover->markdown,
            "**%a** : `memref<8xi8>` in `@twice` (deallocated)\n"
            "\n"
            "heap allocation (`memref.alloc`): owned by this function, 8 "
            "bytes\n"
            "\n"
            "classic deallocation: not planned: the function already frees "
            "memory (it is analysed as deallocated IR), and the classic "
            "algorithm applies to bufferized IR only\n"
            "\n"
            "freed by:\n"
            "- `memref.dealloc` at line 16\n");
  EXPECT_EQ(hover->markdown, freshHover->markdown);
  EXPECT_EQ(hover->range, freshHover->range);

  // The graph of @twice links into this version's lines (0-based; UTF-16
  // columns): the block, its header, then each op.
  GraphQuery query;
  query.function = "twice";
  query.stage = "input";
  query.format = viz::GraphFormat::Dot;
  GraphAnswer graph =
      graphOf(*second.snapshot, query, "t.mlir", AnalysisOptions());
  GraphAnswer freshGraph = graphOf(*fresh, query, "t.mlir", AnalysisOptions());
  ASSERT_EQ(graph.error, "");
  EXPECT_EQ(rangeLinks(graph.content),
            (std::vector<std::string>{"#range=14:2-17:8", "#range=13:10-13:16",
                                      "#range=14:2-14:36", "#range=15:2-15:34",
                                      "#range=16:2-16:34", "#range=16:2-16:34",
                                      "#range=17:2-17:8"}));
  EXPECT_EQ(rangeLinks(graph.content), rangeLinks(freshGraph.content));

  // Another edit of @leaky: @twice's part is reused again, shifted
  // further.
  std::string again =
      insertBefore(edited, "  %y", "  %z = arith.constant 3 : index\n");
  VersionAnalysis third = analyse(second.snapshot, again, 3);
  ASSERT_EQ(third.snapshot->parts().size(), 2u);
  EXPECT_EQ(third.snapshot->parts()[1].result,
            first.snapshot->parts()[0].result);
  SnapshotRef freshAgain = analyse(nullptr, again, 3).snapshot;
  use = again.find("%a :") + 1;
  std::string markdown = hoverAt(*third.snapshot, use)->markdown;
  EXPECT_EQ(markdown, hoverAt(*freshAgain, use)->markdown);
  EXPECT_EQ(markdown.substr(markdown.find("freed by:")),
            "freed by:\n- `memref.dealloc` at line 17\n");
  EXPECT_EQ(describe(third.snapshot->findings()),
            describe(freshAgain->findings()));
}

/// A callee `defined` as written, called as `called`, and a function tied
/// to neither: edits of the callee and of the caller are analysed with the
/// other, and a change of the callee's signature reports the call as a
/// fresh analysis does.
static void checkTie(const std::string &defined, const std::string &called) {
  SCOPED_TRACE(defined + " called as " + called);
  std::string callee = "func.func " + defined +
                       "(%m: memref<2xf32>) {\n"
                       "  return\n"
                       "}\n";
  std::string caller = "func.func @caller() {\n"
                       "  %0 = memref.alloc() : memref<2xf32>\n"
                       "  call " +
                       called +
                       "(%0) : (memref<2xf32>) -> ()\n"
                       "  memref.dealloc %0 : memref<2xf32>\n"
                       "  return\n"
                       "}\n";
  // Larger than the other two: an edit that ties them still reuses it.
  std::string other = "func.func @other(%m: memref<16xf32>) {\n"
                      "  %c0 = arith.constant 0 : index\n";
  for (int i = 0; i < 12; ++i)
    other += "  %v" + std::to_string(i) +
             " = memref.load %m[%c0] : memref<16xf32>\n";
  other += "  return\n}\n";
  std::string text = callee + caller + other;
  VersionAnalysis first = analyse(nullptr, text, 1);
  ASSERT_EQ(describe(first.snapshot->findings()), "");

  // An edit of the callee's body, then one of the caller's.
  std::string edited =
      insertBefore(text, "  return", "  %c = arith.constant 1 : index\n");
  VersionAnalysis second = analyse(first.snapshot, edited, 2);
  EXPECT_EQ(second.how,
            "one top-level operation (1 of 3) and 1 tied to it by symbols");
  edited = insertBefore(edited, "  %0 =", "  %d = arith.constant 2 : index\n");
  VersionAnalysis third = analyse(second.snapshot, edited, 3);
  EXPECT_EQ(third.how,
            "one top-level operation (2 of 3) and 1 tied to it by symbols");

  // The callee's signature changes: the call no longer verifies.
  std::string changed = edited;
  changed.replace(changed.find("memref<2xf32>"), 13, "memref<4xf32>");
  VersionAnalysis fourth = analyse(third.snapshot, changed, 4);
  std::vector<Finding> got = fourth.snapshot->findings();
  EXPECT_EQ(describe(got),
            describe(analyse(nullptr, changed, 4).snapshot->findings()));
  ASSERT_EQ(got.size(), 1u) << describe(got);
  EXPECT_EQ(got[0].source, "mlir");
  EXPECT_EQ(got[0].message,
            "'func.call' op operand type mismatch: expected operand type "
            "'memref<4xf32>', but provided 'memref<2xf32>' for operand "
            "number 0");
  uint32_t call = changed.find("call ");
  EXPECT_EQ(got[0].range, (SourceRange{call, call + 4}));
}

TEST(IncrementalAnalysisTest, QuotedAndEscapedSymbolNamesTieLikePlainOnes) {
  checkTie("@foo", "@foo");
  // MLIR reads @"fo\6F" as @foo (Token::getSymbolReference).
  checkTie("@foo", "@\"fo\\6F\"");
  checkTie("@\"fo\\6f\"", "@foo");
  checkTie("@\"\\66oo\"", "@\"fo\\6F\"");
  // A name that needs its quotes, written plainly or with an escape.
  checkTie("@\"a b\"", "@\"a b\"");
  checkTie("@\"a b\"", "@\"a\\20b\"");
  checkTie("@\"a\\20b\"", "@\"a b\"");
  // The other escapes MLIR knows.
  checkTie("@\"q\\\"t\"", "@\"q\\22t\"");
  checkTie("@\"b\\\\s\"", "@\"b\\5Cs\"");
  checkTie("@\"n\\nt\\t\"", "@\"n\\0At\\09\"");
}

// The edited operation is analysed without the other operations' code
// (compactOperations), its part moved by the bytes removed before it. On
// every analysis input and on generated modules, an edit of each function
// answers what a fresh analysis of the edited text answers: the same
// findings, and the same hover at each value in the function.
namespace {
struct EditCoverage {
  size_t edits = 0; // edits answered from parts
  size_t moved = 0; // of which the fresh part moved back
  size_t hovers = 0;
};

void checkEditsOfEachFunction(const std::string &text, const std::string &what,
                              EditCoverage &seen) {
  std::vector<TopLevelChunk> chunks = splitTopLevel(text);
  if (chunks.size() < 2)
    return;
  VersionAnalysis first = analyse(nullptr, text, 1);
  for (const TopLevelChunk &chunk : chunks) {
    std::string_view op(text.data() + chunk.range.begin,
                        chunk.range.end - chunk.range.begin);
    size_t lineEnd = op.find('\n');
    if (chunk.shared || op.substr(0, 10) != "func.func " ||
        lineEnd == std::string_view::npos || op[lineEnd - 1] != '{')
      continue;
    uint32_t at = chunk.range.begin + static_cast<uint32_t>(lineEnd) + 1;
    const std::string added = "  %bl_edit = arith.constant 7 : index\n";
    std::string edited = text;
    edited.insert(at, added);
    VersionAnalysis second = analyse(first.snapshot, edited, 2);
    if (second.analysed != VersionAnalysis::Analysed::Parts)
      continue;
    SCOPED_TRACE(what + ", edit at " + std::to_string(at));
    SnapshotRef fresh = analyse(nullptr, edited, 2).snapshot;
    EXPECT_EQ(describe(second.snapshot->findings()),
              describe(fresh->findings()));
    ++seen.edits;
    for (const SnapshotPart &part : second.snapshot->parts())
      if (part.covers.begin == chunk.range.begin && part.delta != 0) {
        ++seen.moved;
        break;
      }
    uint32_t end = chunk.range.end + static_cast<uint32_t>(added.size());
    seen.hovers += test::expectSameHovers(*second.snapshot, *fresh, edited,
                                          chunk.range.begin, end, "%");
  }
}
} // namespace

TEST(IncrementalAnalysisTest, EditsOfEachFunctionAnswerAsAFreshAnalysis) {
  EditCoverage seen;
  test::forEachAnalysisInput(
      [&](const std::filesystem::path &path, const std::string &text) {
        for (const std::string &input : test::splitInputFile(text))
          checkEditsOfEachFunction(input, path.string(), seen);
      });
  for (uint32_t seed = 1; seed <= 10; ++seed)
    checkEditsOfEachFunction(test::BufferizedGenerator::module(seed, 6),
                             "generated module " + std::to_string(seed), seen);
  // Not vacuous: most edits are answered from parts, and most of those
  // parts come after removed code.
  EXPECT_GT(seen.edits, 150u);
  EXPECT_GT(seen.moved, 100u);
  EXPECT_GT(seen.hovers, 1000u);
}
