//===- ReachAnalysisTest.cpp - Queries answered before the whole analysis -===//
//
// While a large document's first analysis runs, a query that looks at one
// place is answered from the operations there analysed alone
// (ide/IncrementalAnalysis.h analyzeReach). Where such a snapshot says
// it answers (Snapshot::answersFor), it must answer what the whole
// document's analysis answers.
//
//===----------------------------------------------------------------------===//

#include "Annotations.h"
#include "BufferizedGenerator.h"
#include "SameAnswers.h"
#include "TestUtil.h"
#include "ide/Features.h"
#include "ide/IncrementalAnalysis.h"

#include <gtest/gtest.h>

using namespace bufferlens;
using bufferlens::test::Annotations;
using bufferlens::test::describe;

namespace {
const char *const kUri = "file:///t.mlir";

SnapshotRef reach(const std::string &text, SourceRange range, std::string &how,
                  const AnalysisOptions &options = AnalysisOptions()) {
  return analyzeReach(std::make_shared<const std::string>(text), kUri, "t.mlir",
                      options, 1, range, how);
}

SnapshotRef whole(const std::string &text) {
  return analyzeVersion(nullptr, text, kUri, "t.mlir", AnalysisOptions(), 1, 1)
      .snapshot;
}

std::string hintsOf(const Snapshot &snapshot, SourceRange range) {
  std::string out;
  for (const InlayHintInfo &hint : inlayHints(snapshot, range))
    out += std::to_string(hint.offset) + " " + hint.label + " | " +
           hint.tooltip + "\n";
  return out;
}

/// The findings of `snapshot` that start in `range`.
std::vector<Finding> findingsIn(const Snapshot &snapshot, SourceRange range) {
  std::vector<Finding> out;
  for (Finding &finding : snapshot.findings())
    if (range.begin <= finding.range.begin && finding.range.begin < range.end)
      out.push_back(std::move(finding));
  return out;
}

const char *const kThree = R"mlir(module {
  func.func @callee(%m: memref<4xf32>) {
    return
  }
  func.func @caller() {
    %a = memref.alloc() : memref<4xf32>
    call @callee(%a) : (memref<4xf32>) -> ()
    return
  }
  func.func @alone(%c: i1) -> memref<2xf32> {
    $alone[[%b = memref.alloc() : memref<2xf32>
    $use^memref.dealloc %b : memref<2xf32>
    return %b : memref<2xf32>]]
  }
  func.func @more(%n: index) -> memref<?xf32> {
    %d = memref.alloc(%n) : memref<?xf32>
    return %d : memref<?xf32>
  }
}
)mlir";
} // namespace

TEST(ReachAnalysisTest, AnswersForTheReachedFunctionAndWhatItIsTiedTo) {
  Annotations source(kThree);
  const std::string &text = source.code();
  SourceRange callee{static_cast<uint32_t>(text.find("(%m")),
                     static_cast<uint32_t>(text.find("func.func @caller") - 4)};
  std::string how;
  // A position in @alone: only @alone is analysed.
  uint32_t use = source.point("use");
  SnapshotRef spot = reach(text, {use, use}, how);
  ASSERT_TRUE(spot) << how;
  EXPECT_EQ(how, "1 of 4 top-level operations");
  EXPECT_FALSE(spot->complete());
  EXPECT_TRUE(spot->answersFor(source.range("alone")));
  EXPECT_TRUE(spot->answersFor({use, use}));
  EXPECT_FALSE(spot->answersFor(callee));
  EXPECT_FALSE(spot->answersFor({0, static_cast<uint32_t>(text.size())}));
  // Its findings are the whole analysis's there, and only those.
  SnapshotRef all = whole(text);
  EXPECT_EQ(describe(spot->findings()),
            describe(findingsIn(*all, source.range("alone"))));
  EXPECT_EQ(describe(spot->findings()),
            "BL103 317-323 0 bufferlens: return of %b after it was freed: "
            "^bb0\n"
            "  related 279-293 freed here\n"
            "  related 239-241 %b is allocated here\n");

  // A position in @caller: @callee is analysed with it.
  uint32_t call = static_cast<uint32_t>(text.find("%a) :"));
  spot = reach(text, {call, call}, how);
  ASSERT_TRUE(spot) << how;
  EXPECT_EQ(how, "1 of 4 top-level operations and 1 tied to them by symbols");
  EXPECT_TRUE(spot->answersFor(callee));
  EXPECT_FALSE(spot->answersFor(source.range("alone")));

  // The module's own lines touch no top-level operation.
  spot = reach(text, {2, 2}, how);
  EXPECT_FALSE(spot);
  EXPECT_EQ(how, "it touches no top-level operation");
}

TEST(ReachAnalysisTest, DeclinesWhatItCannotAnswerAlone) {
  std::string how;
  // MLIR rejects the reached function: the whole analysis reports it.
  Annotations broken(R"mlir(func.func @fine() {
  return
}
func.func @other() {
  return
}
func.func @more() {
  return
}
func.func @broken() {
  $at^%x = arith.constant 1 : memref<4xf32>
  return
}
)mlir");
  uint32_t at = broken.point("at");
  EXPECT_FALSE(reach(broken.code(), {at, at}, how));
  EXPECT_EQ(how, "MLIR rejects the operation");
  // Rewriting callers of private functions ties every call to the whole
  // document.
  AnalysisOptions dynamic;
  dynamic.privateFunctionDynamicOwnership = true;
  EXPECT_FALSE(reach(broken.code(), {at, at}, how, dynamic));
  EXPECT_EQ(how, "privateFunctionDynamicOwnership rewrites callers");
  // Most of the document is no shortcut.
  Annotations two(R"mlir(func.func @a() {
  $a^%x = arith.constant 1 : index
  return
}
func.func @b() {
  return
}
)mlir");
  uint32_t a = two.point("a");
  EXPECT_FALSE(reach(two.code(), {a, a}, how));
  EXPECT_EQ(how, "it ties to most of the document by symbols");
  // A declaration is kept by every analysis but answered for by none.
  std::string declared =
      "func.func private @ext(memref<4xf32>)\n" + std::string(broken.code());
  EXPECT_FALSE(reach(declared, {5, 5}, how));
  EXPECT_EQ(how, "it touches a declaration or alias");
}

// On every analysis input and on generated modules: for each function, a
// reach snapshot of a position in it answers, there, what the whole
// analysis answers: the same hover at each value, the same inlay hints, and
// the same findings.
namespace {
struct ReachCoverage {
  size_t answered = 0;
  size_t hovers = 0;
  size_t hints = 0;
};

void checkEachFunctionAlone(const std::string &text, const std::string &what,
                            ReachCoverage &seen) {
  std::vector<TopLevelChunk> chunks = splitTopLevel(text);
  if (chunks.size() < 5)
    return;
  SnapshotRef all = whole(text);
  for (const TopLevelChunk &chunk : chunks) {
    std::string_view op(text.data() + chunk.range.begin,
                        chunk.range.end - chunk.range.begin);
    if (chunk.shared || op.substr(0, 10) != "func.func ")
      continue;
    uint32_t inside = chunk.range.begin + 10;
    std::string how;
    SnapshotRef spot = reach(text, {inside, inside}, how);
    if (!spot)
      continue;
    SCOPED_TRACE(what + ", reach at " + std::to_string(inside) + ": " + how);
    // Reaches are closed, and an operation's range ends where the next one
    // begins: its whole range touches its neighbours.
    SourceRange interior{chunk.range.begin + 1, chunk.range.end - 1};
    ASSERT_TRUE(spot->answersFor(interior));
    ++seen.answered;
    EXPECT_EQ(describe(findingsIn(*spot, chunk.range)),
              describe(findingsIn(*all, chunk.range)));
    std::string hints = hintsOf(*spot, interior);
    EXPECT_EQ(hints, hintsOf(*all, interior));
    seen.hints += std::count(hints.begin(), hints.end(), '\n');
    seen.hovers += test::expectSameHovers(*spot, *all, text, chunk.range.begin,
                                          chunk.range.end, "%^");
  }
}
} // namespace

TEST(ReachAnalysisTest, EachFunctionAloneAnswersAsTheWholeAnalysis) {
  ReachCoverage seen;
  test::forEachAnalysisInput(
      [&](const std::filesystem::path &path, const std::string &text) {
        for (const std::string &input : test::splitInputFile(text))
          checkEachFunctionAlone(input, path.string(), seen);
      });
  for (uint32_t seed = 1; seed <= 10; ++seed)
    checkEachFunctionAlone(test::BufferizedGenerator::module(seed, 12),
                           "generated module " + std::to_string(seed), seen);
  // Not vacuous: most functions are answered alone, with hovers and hints.
  EXPECT_GT(seen.answered, 100u);
  EXPECT_GT(seen.hovers, 1000u);
  EXPECT_GT(seen.hints, 300u);
}
