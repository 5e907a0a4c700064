//===- PartitionTest.cpp - Parts of a document analysed in parallel -------===//

#include "analysis/parts/Partition.h"
#include "Annotations.h"
#include "BufferizedGenerator.h"
#include "TestUtil.h"
#include "analysis/Analyzer.h"
#include "analysis/parts/StageTies.h"
#include "analysis/parts/TopLevelSplit.h"
#include "ide/Snapshot.h"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <new>
#include <regex>
#include <set>
#include <sstream>

using namespace bufferlens;
using bufferlens::test::Annotations;

using test::describe;

/// The findings of `results` (one per plan) as the document's snapshot
/// (ide/Snapshot.h) merges them: each part's own, and the location-less
/// ones once. `lint` and the server publish exactly these.
static std::vector<Finding>
mergeFindings(const std::string &text, const std::vector<PartPlan> &plans,
              std::vector<AnalysisResult> &results) {
  std::vector<SnapshotPart> parts(plans.size());
  for (size_t p = 0; p < plans.size(); ++p) {
    parts[p].result =
        std::make_shared<const AnalysisResult>(std::move(results[p]));
    parts[p].covers = plans[p].covers;
    parts[p].names = std::make_shared<const std::vector<NameOccurrence>>();
  }
  return Snapshot(text, std::move(parts), "t.mlir", 1).findings();
}

TEST(PartitionTest, SmallDocumentIsOnePart) {
  std::string text = "func.func @a() {\n  return\n}\nfunc.func @b() {\n"
                     "  return\n}\n";
  std::vector<PartPlan> plans = planParts(text, 4);
  ASSERT_EQ(plans.size(), 1u);
  EXPECT_EQ(plans[0].covers, (SourceRange{0, uint32_t(text.size())}));
  EXPECT_TRUE(plans[0].blanked.empty());
}

TEST(PartitionTest, ContiguousRunsBlankWhatOthersOwn) {
  Annotations code(R"(// header
#map = affine_map<(d0) -> (d0)>
$a[[func.func @a() {
  return
}
]]$b[[func.func @b() {
  return
}
]]$c[[func.func @c() {
  return
}
]]$d[[func.func @d() {
  return
}
]])");
  std::vector<PartPlan> plans = planParts(code.code(), 2, /*minPartBytes=*/1);
  ASSERT_EQ(plans.size(), 2u);
  uint32_t size = code.code().size();
  // The first part starts at the top (comment, alias), the last one ends
  // at the end; they meet where the third function starts.
  EXPECT_EQ(plans[0].covers, (SourceRange{0, code.range("c").begin}));
  EXPECT_EQ(plans[1].covers, (SourceRange{code.range("c").begin, size}));
  EXPECT_EQ(plans[0].blanked,
            (std::vector<SourceRange>{code.range("c"), code.range("d")}));
  EXPECT_EQ(plans[1].blanked,
            (std::vector<SourceRange>{code.range("a"), code.range("b")}));
}

/// A function with `n` constants: bulk for the part sizes.
static std::string filler(const std::string &name, int n) {
  std::string out = "func.func @" + name + "() {\n";
  for (int i = 0; i < n; ++i)
    out += "  %c" + std::to_string(i) + " = arith.constant " +
           std::to_string(i) + " : index\n";
  return out + "  return\n}\n";
}

TEST(PartitionTest, SymbolsKeepCallersWithCallees) {
  // @a calls @d: whichever part owns one of them also analyses the other.
  // @d reads the global @g, which every part keeps (a bodyless symbol, like
  // a declaration), so it ties nothing. Names in comments and strings tie
  // nothing either.
  std::string a = "func.func @a() {\n"
                  "  // calls @b in a comment only\n"
                  "  call @d() {note = \"@c\"} : () -> ()\n"
                  "  return\n}\n";
  std::string d = "func.func @d() {\n"
                  "  %0 = memref.get_global @g : memref<2xf32>\n"
                  "  return\n}\n";
  std::string g = "memref.global \"private\" @g : memref<2xf32>\n";
  std::vector<std::string> ops = {a, filler("b", 10), filler("c", 10), d,
                                  g, filler("e", 10), filler("f", 10)};
  std::string text;
  std::vector<SourceRange> at;
  for (const std::string &op : ops) {
    at.push_back({uint32_t(text.size()), uint32_t(text.size() + op.size())});
    text += op;
  }
  std::vector<PartPlan> plans = planParts(text, 2, 1);
  ASSERT_EQ(plans.size(), 2u);
  EXPECT_EQ(plans[0].covers, (SourceRange{0, at[3].begin}));
  EXPECT_EQ(plans[1].covers, (SourceRange{at[3].begin, uint32_t(text.size())}));
  EXPECT_EQ(plans[0].blanked, (std::vector<SourceRange>{at[5], at[6]}));
  EXPECT_EQ(plans[1].blanked, (std::vector<SourceRange>{at[1], at[2]}));
}

TEST(PartitionTest, OnlyTheNameADeclarationDefinesTiesNothing) {
  // The declaration mentions @g in its attributes: @a, which calls @g,
  // still needs @g's body beside it.
  std::string text = "func.func private @ext() attributes {sym_ref = @g}\n"
                     "func.func @a() {\n  call @g() : () -> ()\n  return\n}\n" +
                     filler("b", 10) + filler("c", 10) +
                     "func.func @g() {\n  return\n}\n" + filler("d", 10);
  std::vector<TopLevelChunk> chunks = splitTopLevel(text);
  ASSERT_EQ(chunks.size(), 6u);
  ASSERT_TRUE(chunks[0].shared);
  std::vector<PartPlan> plans = planParts(text, 2, 1);
  ASSERT_EQ(plans.size(), 2u);
  for (const PartPlan &plan : plans)
    for (const SourceRange &blanked : plan.blanked) {
      EXPECT_NE(blanked, chunks[1].range); // @a
      EXPECT_NE(blanked, chunks[4].range); // @g
    }
}

TEST(PartitionTest, CallersOfOneDeclarationAreNotTied) {
  std::string decl = "func.func private @ext(memref<2xf32>) -> memref<2xf32> "
                     "attributes {llvm.emit_c_interface}\n";
  auto caller = [](const std::string &name) {
    return "func.func @" + name +
           "(%m: memref<2xf32>) -> memref<2xf32> {\n"
           "  %r = call @ext(%m) : (memref<2xf32>) -> memref<2xf32>\n"
           "  return %r : memref<2xf32>\n}\n";
  };
  std::string text =
      decl + caller("a") + filler("b", 10) + caller("c") + filler("d", 10);
  std::vector<TopLevelChunk> chunks = splitTopLevel(text);
  ASSERT_EQ(chunks.size(), 5u);
  EXPECT_TRUE(chunks[0].shared);
  std::vector<PartPlan> plans = planParts(text, 2, 1);
  ASSERT_EQ(plans.size(), 2u);
  // Neither part needs the other's caller, and both keep the declaration.
  EXPECT_EQ(plans[0].blanked,
            (std::vector<SourceRange>{chunks[3].range, chunks[4].range}));
  EXPECT_EQ(plans[1].blanked,
            (std::vector<SourceRange>{chunks[1].range, chunks[2].range}));
}

/// `texts` one after another, and the range of each in the result.
static std::pair<std::string, std::vector<SourceRange>>
joined(const std::vector<std::string> &texts) {
  std::string text;
  std::vector<SourceRange> ops;
  for (const std::string &op : texts) {
    ops.push_back({uint32_t(text.size()), uint32_t(text.size() + op.size())});
    text += op;
  }
  return {text, ops};
}

TEST(PartitionTest, TiedOperationsOfAnEdit) {
  std::string a = "func.func @a() {\n  call @d() : () -> ()\n  return\n}\n";
  std::string d = "func.func @d() {\n"
                  "  %0 = memref.get_global @g : memref<2xf32>\n"
                  "  return\n}\n";
  std::string g = "memref.global \"private\" @g : memref<2xf32>\n";
  std::vector<std::string> texts = {a, filler("b", 2), d, g};
  auto [text, ops] = joined(texts);
  EXPECT_EQ(tiedOperations(text, ops, 2, {}), (std::vector<size_t>{0, 2, 3}));
  EXPECT_EQ(tiedOperations(text, ops, 1, {}), (std::vector<size_t>{1}));
  // @b used to read @g before the edit: @g's users are analysed with it.
  EXPECT_EQ(tiedOperations(text, ops, 1, {"b", "g"}),
            (std::vector<size_t>{0, 1, 2, 3}));
}

TEST(PartitionTest, EscapedSymbolNamesTieLikePlainOnes) {
  // @"fo\6F" is @foo, @"a\20b" is @"a b".
  std::vector<std::string> texts = {
      "func.func @foo() {\n  return\n}\n",
      "func.func @\"a b\"() {\n  return\n}\n", filler("c", 2),
      "func.func @d() {\n  call @\"fo\\6F\"() : () -> ()\n"
      "  call @\"a\\20b\"() : () -> ()\n  return\n}\n"};
  auto [text, ops] = joined(texts);
  EXPECT_EQ(tiedOperations(text, ops, 0, {}), (std::vector<size_t>{0, 1, 3}));
  EXPECT_EQ(tiedOperations(text, ops, 1, {}), (std::vector<size_t>{0, 1, 3}));
  EXPECT_EQ(tiedOperations(text, ops, 2, {}), (std::vector<size_t>{2}));
  // A name an edit removed ties what still names it, however spelled.
  EXPECT_EQ(tiedOperations(text, ops, 2, {"foo"}),
            (std::vector<size_t>{0, 1, 2, 3}));
}

/// MLIR checks the module's symbol uses only when every operation
/// verifies, and a parse error ends a whole analysis: with MLIR errors the
/// parts would disagree with one analysis, so the document is analysed
/// whole (and `plans` says so).
TEST(PartitionTest, MlirErrorsMeanOneWholeAnalysis) {
  std::string invalid = "func.func @bad(%m: memref<2xf32>) {\n"
                        "  %v = memref.load %m[] : memref<2xf32>\n"
                        "  return\n}\n";
  std::string callsMissing = "func.func @g() {\n"
                             "  call @missing() : () -> ()\n"
                             "  %0 = memref.alloc() : memref<2xf32>\n"
                             "  memref.dealloc %0 : memref<2xf32>\n"
                             "  memref.dealloc %0 : memref<2xf32>\n"
                             "  return\n}\n";
  std::string unparsable = "func.func @p() {\n  %0 = memref.alloc() : !\n}\n";
  for (const std::string &broken : {invalid, unparsable}) {
    std::string text = broken + filler("b", 10) + filler("c", 10) +
                       callsMissing + filler("d", 10);
    std::vector<PartPlan> plans = planParts(text, 2, 1);
    ASSERT_EQ(plans.size(), 2u) << broken;
    AnalysisResult whole = analyzeDocument(text, "t.mlir", {});
    std::vector<AnalysisResult> results =
        analyzeParts(text, plans, [&](std::string_view partText) {
          return analyzeDocument(partText, "t.mlir", {});
        });
    ASSERT_EQ(plans.size(), 1u);
    EXPECT_TRUE(plans[0].blanked.empty());
    EXPECT_EQ(describe(mergeFindings(text, plans, results)),
              describe(whole.findings));
  }
}

// An exception in a part analysed on another thread (std::bad_alloc) must
// reach the caller after every thread is joined, not terminate the process.
TEST(PartitionTest, AnExceptionInAnyPartReachesTheCaller) {
  std::string text = filler("a", 10) + filler("b", 10) + filler("c", 10);
  std::vector<PartPlan> plans = planParts(text, 3, 1);
  ASSERT_EQ(plans.size(), 3u);
  std::atomic<int> analysed{0};
  EXPECT_THROW(analyzeParts(text, plans,
                            [&](std::string_view partText) {
                              ++analysed;
                              // Only the last part keeps function @c.
                              if (partText.find("@c(") != std::string::npos)
                                throw std::bad_alloc();
                              return analyzeDocument(partText, "t.mlir", {});
                            }),
               std::bad_alloc);
  EXPECT_EQ(analysed.load(), 3);
}

TEST(PartitionTest, MergeKeepsEachPartsOwnAndLocationlessFindingsOnce) {
  auto finding = [](FindingCode code, uint32_t begin, uint32_t end) {
    Finding f;
    f.code = code;
    f.range = {begin, end};
    f.message = "m";
    return f;
  };
  std::vector<PartPlan> plans = {{{0, 100}, {}}, {{100, 200}, {}}};
  std::vector<AnalysisResult> results(2);
  // Part 0 owns [0, 100); part 1 [100, 200] (the end too). A finding with
  // no location sits at the start: kept from whichever part reports it,
  // once; anything else only from its owner.
  results[0].findings = {finding(FindingCode::None, 0, 0),
                         finding(FindingCode::BL201, 40, 42),
                         finding(FindingCode::BL302, 150, 152)};
  results[1].findings = {finding(FindingCode::None, 0, 0),
                         finding(FindingCode::BL401, 0, 0),
                         finding(FindingCode::BL201, 40, 42),
                         finding(FindingCode::BL101, 150, 152),
                         finding(FindingCode::BL104, 200, 200)};
  std::vector<Finding> merged =
      mergeFindings(std::string(200, ' '), plans, results);
  std::vector<std::string> got;
  for (const Finding &f : merged)
    got.push_back(std::string(codeName(f.code)) + "@" +
                  std::to_string(f.range.begin));
  EXPECT_EQ(got, (std::vector<std::string>{"@0", "BL401@0", "BL201@40",
                                           "BL101@150", "BL104@200"}));
}

TEST(PartitionTest, TiedDocumentIsOnePart) {
  // Every function calls @h: any part would need all of them.
  std::string text;
  for (int i = 0; i < 6; ++i)
    text += "func.func @f" + std::to_string(i) +
            "() {\n  call @h() : () -> ()\n  return\n}\n";
  text += "func.func @h() {\n  return\n}\n";
  EXPECT_EQ(planParts(text, 2, 1).size(), 1u);
  EXPECT_EQ(planParts(text, 2, 1)[0].blanked.size(), 0u);
}

TEST(PartitionTest, UnbalancedDocumentIsOnePart) {
  std::string text = "func.func @a() {\n  return\n\nfunc.func @b() {\n"
                     "  return\n}\n";
  EXPECT_EQ(planParts(text, 2, 1).size(), 1u);
}

/// `whole.text()` cut into `parts` parts and analysed in parallel gives
/// exactly `whole`'s findings.
static void expectPartsGive(const AnalysisResult &whole, unsigned parts,
                            const AnalysisOptions &options) {
  const std::string &text = whole.text();
  std::vector<PartPlan> plans = planParts(text, parts, 1);
  ASSERT_EQ(plans.size(), parts);
  std::vector<AnalysisResult> results =
      analyzeParts(text, plans, [&](std::string_view partText) {
        return analyzeDocument(partText, "parts.mlir", options);
      });
  EXPECT_EQ(describe(mergeFindings(text, plans, results)),
            describe(whole.findings))
      << parts << " parts";
}

/// The examples and the analyses' lit inputs that parse and verify, their
/// symbols renamed apart, in one document: analysed in parts it gives
/// exactly the findings of one whole analysis (ranges, messages, related
/// locations and fixes), from every finding family.
TEST(PartitionTest, PartsGiveTheWholeDocumentsFindings) {
  std::string text;
  int n = 0;
  for (const char *dir : {"examples", "test/lit/checker", "test/lit/classic",
                          "test/lit/ownership"}) {
    std::vector<std::filesystem::path> files;
    for (const auto &entry : std::filesystem::directory_iterator(
             std::string(BUFFERLENS_SOURCE_DIR) + "/" + dir))
      if (entry.path().extension() == ".mlir")
        files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (const std::filesystem::path &path : files) {
      std::ifstream in(path);
      std::string file((std::istreambuf_iterator<char>(in)), {});
      std::string prefix = "e" + std::to_string(n++) + "_";
      file = std::regex_replace(file, std::regex("@([A-Za-z_])"),
                                "@" + prefix + "$1");
      // A file-wide stage directive would force every other file's stage.
      file = std::regex_replace(file, std::regex("// bufferlens: stage="),
                                "// stage=");
      // Attribute aliases (`#map = ...`) are renamed apart too.
      std::smatch alias;
      std::string rest = file;
      while (std::regex_search(rest, alias, std::regex("\\n#(\\w+) ="))) {
        file =
            std::regex_replace(file, std::regex("#" + alias[1].str() + "\\b"),
                               "#" + prefix + alias[1].str());
        rest = alias.suffix();
      }
      // An op only the deallocation pipeline writes makes every function
      // of the module deallocated (StageTies.h): such a file would leave
      // the classic and ownership analyses nothing to find in the others.
      if (mentionsDeallocationArtefact(file))
        continue;
      if (test::mlirErrors(test::analyze(file)).empty())
        text += file;
    }
  }
  AnalysisOptions options;
  AnalysisResult whole = analyzeDocument(text, "parts.mlir", options);
  ASSERT_TRUE(test::mlirErrors(whole).empty())
      << ::testing::PrintToString(test::mlirErrors(whole));
  std::set<std::string> families;
  for (const Finding &finding : whole.findings)
    families.insert(finding.code == FindingCode::None
                        ? finding.source + ": " + finding.message
                        : std::string(codeName(finding.code).substr(0, 3)));
  for (const char *family : {"BL1", "BL2", "BL3", "BL4"})
    EXPECT_TRUE(families.count(family)) << family;
  for (unsigned parts : {2u, 3u, 7u})
    expectPartsGive(whole, parts, options);
}

/// Generated functions calling a shared declaration (the callee ties
/// nothing: a declaration is kept in every part), in parts: the same
/// findings as one analysis, BL203 and BL204 among them.
TEST(PartitionTest, PartsGiveTheWholeFindingsOnGeneratedFunctions) {
  std::string text = test::BufferizedGenerator::module(7, 60);
  AnalysisOptions options;
  AnalysisResult whole = analyzeDocument(text, "parts.mlir", options);
  ASSERT_TRUE(test::mlirErrors(whole).empty());
  EXPECT_FALSE(test::withCode(whole, FindingCode::BL203).empty());
  EXPECT_FALSE(test::withCode(whole, FindingCode::BL204).empty());
  for (unsigned parts : {2u, 5u})
    expectPartsGive(whole, parts, options);
}
