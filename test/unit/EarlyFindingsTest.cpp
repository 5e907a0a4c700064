// The early findings (analysis/Analyzer.h EarlyFindingsHook) and the early
// snapshot of a whole analysis (ide/IncrementalAnalysis.h): what the
// language server publishes first on didOpen. A client shown them must see
// the complete set only add to them, so every early finding is in the
// complete result unchanged; and they are the cheap errors: MLIR's and the
// deallocation checker's.

#include "TestUtil.h"
#include "analysis/Analyzer.h"
#include "analysis/parts/Partition.h"
#include "ide/IncrementalAnalysis.h"

#include <gtest/gtest.h>

#include <optional>

using namespace bufferlens;
using bufferlens::test::describe;
using bufferlens::test::forEachMlirFileBelow;

namespace {

bool isCheckerCode(FindingCode code) {
  return code == FindingCode::BL101 || code == FindingCode::BL102 ||
         code == FindingCode::BL103 || code == FindingCode::BL104;
}

bool sameEverywhere(const Finding &a, const Finding &b) {
  return describe({a}) == describe({b});
}

/// Every finding of `early` is in `complete`, each field equal.
void expectIncluded(const std::vector<Finding> &early,
                    const std::vector<Finding> &complete,
                    const std::string &where) {
  for (const Finding &finding : early)
    EXPECT_TRUE(std::any_of(
        complete.begin(), complete.end(),
        [&](const Finding &other) { return sameEverywhere(finding, other); }))
        << where << ": an early finding is not in the complete result:\n"
        << describe({finding}) << "complete:\n"
        << describe(complete);
}

/// A function that frees memory and leaks on one path (BL101, a checker
/// error: an early finding).
const std::string kLeaksOnOnePath = R"mlir(
func.func @freed(%arg0: i1) {
  %0 = memref.alloc() : memref<8xf32>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  memref.dealloc %0 : memref<8xf32>
  cf.br ^bb2
^bb2:
  return
}
)mlir";

std::vector<Finding> analyzeWithEarly(const std::string &text,
                                      std::vector<Finding> &complete,
                                      const AnalysisOptions &options = {}) {
  std::optional<std::vector<Finding>> early;
  int calls = 0;
  AnalysisResult result =
      analyzeDocument(text, "t.mlir", options, [&](std::vector<Finding> f) {
        ++calls;
        early = std::move(f);
      });
  EXPECT_EQ(calls, 1);
  complete = result.findings;
  return early.value_or(std::vector<Finding>{});
}

TEST(EarlyFindingsTest, CheckerErrorsComeFirstAndTheRestAfter) {
  // A leak on one path (BL101) in a function that frees memory, beside a
  // bufferized one with a critical alias (BL201) and a hoisting hint.
  const std::string text = kLeaksOnOnePath + R"mlir(
func.func @merge(%arg0: i1, %arg1: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg1 : memref<8xf32>)
^bb2:
  %0 = memref.alloc() : memref<8xf32>
  cf.br ^bb3(%0 : memref<8xf32>)
^bb3(%1: memref<8xf32>):
  %v = memref.load %1[%c0] : memref<8xf32>
  return %v : f32
}
)mlir";
  std::vector<Finding> complete;
  std::vector<Finding> early = analyzeWithEarly(text, complete);
  ASSERT_EQ(early.size(), 1u) << describe(early);
  EXPECT_EQ(early[0].code, FindingCode::BL101);
  EXPECT_EQ(early[0].message, "%0 leaks when %arg0 is false: ^bb0 -> ^bb2 -> "
                              "return");
  EXPECT_GT(complete.size(), early.size());
  EXPECT_TRUE(std::any_of(complete.begin(), complete.end(), [](auto &f) {
    return f.code == FindingCode::BL201;
  })) << describe(complete);
  expectIncluded(early, complete, "inline");
}

// Where One-Shot Bufferize fails is known after its analysis-only run,
// before the rest of the tensor analysis: BL503 is early, BL501/BL502
// (which need the bufferized IR) are not.
TEST(EarlyFindingsTest, OneShotBufferizeFailuresAreEarly) {
  const std::string text = R"mlir(
func.func @fresh_each_iteration(%t: tensor<16xf32>, %n: index) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> tensor<16xf32> {
    %e = tensor.empty() : tensor<16xf32>
    %filled = linalg.fill ins(%f : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
    scf.yield %filled : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}
func.func @fine(%t: tensor<4x8xf32>, %v: f32) -> (tensor<4x8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %w = tensor.insert %v into %t[%c0, %c0] : tensor<4x8xf32>
  %r = tensor.extract %t[%c0, %c0] : tensor<4x8xf32>
  return %w, %r : tensor<4x8xf32>, f32
}
)mlir";
  std::vector<Finding> complete;
  std::vector<Finding> early = analyzeWithEarly(text, complete);
  ASSERT_EQ(early.size(), 1u) << describe(early);
  EXPECT_EQ(early[0].code, FindingCode::BL503);
  EXPECT_EQ(early[0].severity, Severity::Error);
  EXPECT_EQ(early[0].message,
            "One-Shot Bufferize fails here: Yield operand #0 is not "
            "equivalent to the corresponding iter bbArg");
  size_t yield = text.find("scf.yield");
  EXPECT_EQ(early[0].range.begin, yield);
  EXPECT_EQ(early[0].range.end, yield + std::string("scf.yield").size());
  expectIncluded(early, complete, "inline");
  // @fine's copy (BL501) comes with the complete result only.
  EXPECT_TRUE(std::any_of(complete.begin(), complete.end(), [](auto &f) {
    return f.code == FindingCode::BL501;
  })) << describe(complete);
}

TEST(EarlyFindingsTest, ParseErrorsAreEarly) {
  std::vector<Finding> complete;
  std::vector<Finding> early =
      analyzeWithEarly("func.func @f() {\n  %0 = \n}\n", complete);
  ASSERT_FALSE(early.empty());
  EXPECT_EQ(describe(early), describe(complete));
}

TEST(EarlyFindingsTest, SettingsApplyToEarlyFindings) {
  const std::string &text = kLeaksOnOnePath;
  AnalysisOptions options;
  options.severity[FindingCode::BL101] = Severity::Warning;
  std::vector<Finding> complete;
  std::vector<Finding> early = analyzeWithEarly(text, complete, options);
  ASSERT_EQ(early.size(), 1u);
  EXPECT_EQ(early[0].severity, Severity::Warning);
  options.enabled[FindingCode::BL101] = false;
  EXPECT_TRUE(analyzeWithEarly(text, complete, options).empty());
}

// On IR nobody here wrote and on every input of our own tests: the early
// findings are all in the complete result, and they are exactly its MLIR
// errors and checker findings, with One-Shot Bufferize's failures where
// its analysis-only run finds them.
TEST(EarlyFindingsTest, EarlyFindingsAreTheCompleteResultsCheapErrors) {
  size_t chunks = 0, early = 0, earlyTensorFailures = 0;
  auto check = [&](const std::filesystem::path &path, const std::string &text) {
    std::vector<std::string> pieces = test::splitInputFile(text);
    for (size_t i = 0; i < pieces.size(); ++i) {
      std::string where = path.string() + " chunk " + std::to_string(i);
      std::vector<Finding> complete;
      std::vector<Finding> first = analyzeWithEarly(pieces[i], complete);
      expectIncluded(first, complete, where);
      for (const Finding &finding : complete) {
        // Braces: EXPECT_TRUE expands to an if/else of its own.
        if (finding.source == "mlir" || isCheckerCode(finding.code)) {
          EXPECT_TRUE(std::any_of(
              first.begin(), first.end(),
              [&](const Finding &f) { return sameEverywhere(f, finding); }))
              << where << ": not early:\n"
              << describe({finding});
        }
      }
      for (const Finding &finding : first) {
        EXPECT_TRUE(finding.source == "mlir" || isCheckerCode(finding.code) ||
                    finding.code == FindingCode::BL503 ||
                    finding.code == FindingCode::None)
            << where << ": a costly finding in the early set:\n"
            << describe({finding});
        earlyTensorFailures += finding.code == FindingCode::BL503;
      }
      early += first.size();
      ++chunks;
    }
  };
  forEachMlirFileBelow({"test/corpus", "examples", "test/lit/checker"}, check);
  test::forEachAnalysisInput(check);
  EXPECT_GT(chunks, 500u);
  EXPECT_GT(early, 100u);
  // The corpus's tensor programs hold functions One-Shot Bufferize fails on.
  EXPECT_GT(earlyTensorFailures, 0u);
}

/// A module of `copies` functions, every third one leaking on a path.
std::string manyFunctions(int copies) {
  std::string text;
  for (int i = 0; i < copies; ++i) {
    std::string n = std::to_string(i);
    if (i % 3 == 0) {
      std::string leak = kLeaksOnOnePath;
      leak.replace(leak.find("@freed"), 6, "@leak" + n);
      text += leak;
    } else
      text += "func.func @merge" + n + R"((%arg0: i1, %arg1: memref<8xf32>) {
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg1 : memref<8xf32>)
^bb2:
  %0 = memref.alloc() : memref<8xf32>
  cf.br ^bb3(%0 : memref<8xf32>)
^bb3(%1: memref<8xf32>):
  return
}
)";
  }
  return text;
}

std::vector<Finding> findingsOf(const Snapshot &snapshot) {
  std::vector<Finding> out;
  for (const FindingRef &ref : snapshot.findingRefs())
    out.push_back(shifted(*ref.finding, ref.delta));
  return out;
}

// A document analysed in parts on several threads: one early snapshot,
// with every part's early findings, all of them in the complete snapshot.
TEST(EarlyFindingsTest, EarlySnapshotOfPartsIsIncludedInTheComplete) {
  std::string text = manyFunctions(600);
  int calls = 0;
  SnapshotRef early;
  VersionAnalysis analysis =
      analyzeVersion(nullptr, text, "file:///t.mlir", "t.mlir", {}, 7, 2,
                     [&](SnapshotRef snapshot) {
                       ++calls;
                       early = std::move(snapshot);
                     });
  ASSERT_EQ(calls, 1);
  ASSERT_GE(analysis.snapshot->parts().size(), 2u) << analysis.how;
  EXPECT_EQ(early->version(), 7);
  EXPECT_EQ(early->parts().size(), analysis.snapshot->parts().size());
  std::vector<Finding> first = findingsOf(*early);
  std::vector<Finding> complete = findingsOf(*analysis.snapshot);
  EXPECT_EQ(first.size(), 200u) << describe(first);
  for (const Finding &finding : first)
    EXPECT_EQ(finding.code, FindingCode::BL101);
  expectIncluded(first, complete, "parts");
  EXPECT_GT(complete.size(), first.size());
}

// With an MLIR error in one part the parts are not published (a part's
// parse may stop elsewhere than the whole document's): the document is
// analysed whole, and that analysis's early findings are.
TEST(EarlyFindingsTest, AfterAnMlirErrorTheWholeDocumentIsPublishedEarly) {
  std::string text = manyFunctions(600);
  size_t at = text.rfind("  return\n");
  text.insert(at, "  %bad = arith.addi %arg0 : i1\n");
  int calls = 0;
  SnapshotRef early;
  VersionAnalysis analysis =
      analyzeVersion(nullptr, text, "file:///t.mlir", "t.mlir", {}, 1, 2,
                     [&](SnapshotRef snapshot) {
                       ++calls;
                       early = std::move(snapshot);
                     });
  ASSERT_EQ(calls, 1);
  EXPECT_EQ(early->parts().size(), 1u);
  std::vector<Finding> first = findingsOf(*early);
  std::vector<Finding> complete = findingsOf(*analysis.snapshot);
  ASSERT_FALSE(first.empty());
  EXPECT_TRUE(hasMlirErrors(first)) << describe(first);
  expectIncluded(first, complete, "mlir error");
  // The parse error costs its function alone (ParsedModule::parse): the
  // others are analysed in full after the early findings.
  EXPECT_LT(first.size(), complete.size());
}

// Edits analysed incrementally publish once: no early snapshot.
TEST(EarlyFindingsTest, IncrementalEditsHaveNoEarlySnapshot) {
  std::string text = manyFunctions(30);
  VersionAnalysis first =
      analyzeVersion(nullptr, text, "file:///t.mlir", "t.mlir", {}, 1, 1);
  std::string edited = text;
  edited.insert(edited.find("  return\n"), "\n");
  int calls = 0;
  VersionAnalysis second =
      analyzeVersion(first.snapshot, edited, "file:///t.mlir", "t.mlir", {}, 2,
                     1, [&](SnapshotRef) { ++calls; });
  EXPECT_EQ(second.analysed, VersionAnalysis::Analysed::Parts) << second.how;
  EXPECT_EQ(calls, 0);
}

} // namespace

TEST(EarlyFindingsTest, BatchesSplitByAFailedBufferizingRunAreAnalysedToo) {
  // One-Shot Bufferize's analysis accepts @mixed; its bufferizing run
  // rejects it (the `scf.if` yields buffers of two memory spaces). The
  // tensor view's batches grow while runs pass, so @mixed's batch holds
  // many functions, and the failure splits what is left of it into small
  // batches. With the early findings, every batch's analysis runs ahead:
  // the batches split off at the end must still be analysed.
  std::string text;
  for (int k = 0; k < 60; ++k) {
    if (k == 30)
      text += R"mlir(
func.func @mixed(%c: i1, %v: f32) -> tensor<5xf32> {
  %c0 = arith.constant 0 : index
  %a = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<5xf32>
  %b = bufferization.alloc_tensor() {memory_space = 2 : i64} : tensor<5xf32>
  %r = scf.if %c -> tensor<5xf32> {
    scf.yield %a : tensor<5xf32>
  } else {
    scf.yield %b : tensor<5xf32>
  }
  %w = tensor.insert %v into %r[%c0] : tensor<5xf32>
  return %w : tensor<5xf32>
}
)mlir";
    text += "func.func @fill_" + std::to_string(k) +
            "(%n: index, %v: f32) -> tensor<?xf32> {\n"
            "  %e = tensor.empty(%n) : tensor<?xf32>\n"
            "  %f = linalg.fill ins(%v : f32) outs(%e : tensor<?xf32>)"
            " -> tensor<?xf32>\n"
            "  return %f : tensor<?xf32>\n"
            "}\n";
  }
  auto bufferized = [](const AnalysisResult &result) {
    std::string out;
    for (const TensorPlan &plan : result.tensor)
      out += result.functions[plan.function].name +
             (plan.bufferized ? " bufferized, " : " fails, ") +
             std::to_string(plan.allocations.size()) + " allocations\n";
    return out;
  };
  AnalysisResult plain = analyzeDocument(text, "t.mlir", AnalysisOptions{});
  std::string expected;
  for (int k = 0; k < 60; ++k) {
    if (k == 30)
      expected += "mixed fails, 0 allocations\n";
    expected += "fill_" + std::to_string(k) + " bufferized, 1 allocations\n";
  }
  EXPECT_EQ(bufferized(plain), expected);
  int calls = 0;
  AnalysisResult ahead =
      analyzeDocument(text, "t.mlir", AnalysisOptions{},
                      [&](std::vector<Finding>) { ++calls; });
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(bufferized(ahead), expected);
}
