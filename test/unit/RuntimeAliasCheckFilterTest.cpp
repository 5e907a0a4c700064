//===- RuntimeAliasCheckFilterTest.cpp - BL203's pipeline filter ----------===//
//
// BL203 runs the whole buffer-deallocation-pipeline only on functions whose
// ownership-stage deallocs could compare pointers (AliasCheckProof.h). The
// filter is argued from the pipeline's passes; this checks it against the
// pipeline itself: on every example and analysis input, and on generated
// modules, the findings with and without it are the same.
//
//===----------------------------------------------------------------------===//

#include "BufferizedGenerator.h"
#include "TestUtil.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

#include <gtest/gtest.h>

using namespace bufferlens;

TEST(RuntimeAliasCheckFilterTest, FilterChangesNoFinding) {
  size_t checks = 0;
  size_t files = test::forEachAnalysisInput(
      [&](const std::filesystem::path &path, const std::string &text) {
        AnalysisOptions filtered, unfiltered;
        unfiltered.skipPipelineWithoutAliasChecks = false;
        AnalysisResult a = test::analyze(text, filtered);
        AnalysisResult b = test::analyze(text, unfiltered);
        EXPECT_EQ(test::describe(a.findings), test::describe(b.findings))
            << path;
        checks += test::withCode(b, FindingCode::BL203).size();
      });
  EXPECT_GT(files, 40u);
  EXPECT_GT(checks, 3u); // Not vacuous: some inputs do get BL203.
}

TEST(RuntimeAliasCheckFilterTest, FilterChangesNoFindingOnTheCorpus) {
  size_t checks = 0, chunks = 0;
  test::forEachMlirFileBelow(
      {"test/corpus"},
      [&](const std::filesystem::path &path, const std::string &text) {
        for (const std::string &chunk : test::splitInputFile(text)) {
          AnalysisOptions filtered, unfiltered;
          unfiltered.skipPipelineWithoutAliasChecks = false;
          AnalysisResult a = test::analyze(chunk, filtered);
          AnalysisResult b = test::analyze(chunk, unfiltered);
          EXPECT_EQ(test::describe(a.findings), test::describe(b.findings))
              << path << "\n"
              << chunk;
          checks += test::withCode(b, FindingCode::BL203).size();
          ++chunks;
        }
      });
  EXPECT_GT(chunks, 300u);
  EXPECT_GT(checks, 20u);
}

TEST(RuntimeAliasCheckFilterTest, FilterChangesNoFindingOnGeneratedModules) {
  size_t checks = 0;
  for (uint32_t seed = 1; seed <= 40; ++seed) {
    std::string text = test::BufferizedGenerator::module(seed, 8);
    AnalysisOptions filtered, unfiltered;
    unfiltered.skipPipelineWithoutAliasChecks = false;
    AnalysisResult a = test::analyze(text, filtered);
    AnalysisResult b = test::analyze(text, unfiltered);
    EXPECT_TRUE(test::mlirErrors(b).empty()) << text;
    EXPECT_EQ(test::describe(a.findings), test::describe(b.findings)) << text;
    checks += test::withCode(b, FindingCode::BL203).size();
  }
  EXPECT_GT(checks, 40u);
}

// BL203 reads the comparisons off the simplified deallocs
// (LoweredAliasChecks.h) instead of lowering them. Against finding them in
// the whole pipeline's output: the same findings at the same places, and
// each BL203 names at least the buffers whose pointers the lowered code
// extracts there. It may name more: cse lets a block end reuse a pointer a
// dominating one extracted, but its dealloc still compares it.
namespace {
std::vector<std::string> namesCompared(const std::string &message) {
  static const std::string kBefore = "compares the base pointers of ";
  static const std::string kAfter = " at run time";
  size_t begin = message.find(kBefore);
  size_t end = message.rfind(kAfter);
  EXPECT_NE(begin, std::string::npos) << message;
  EXPECT_NE(end, std::string::npos) << message;
  if (begin == std::string::npos || end == std::string::npos)
    return {};
  begin += kBefore.size();
  std::vector<std::string> names;
  llvm::SmallVector<llvm::StringRef> parts;
  llvm::StringRef(message).slice(begin, end).split(parts, ", ");
  for (llvm::StringRef part : parts)
    names.push_back(part.str());
  return names;
}

/// The findings without BL203's list of names.
std::string withoutNames(std::vector<Finding> findings) {
  for (Finding &f : findings)
    if (f.code == FindingCode::BL203)
      f.message = f.message.substr(0, f.message.find(" of "));
  return test::describe(findings);
}

/// Compares `text`'s findings both ways; returns how many BL203 there are.
size_t expectSameAliasChecks(const std::string &text, const std::string &what) {
  AnalysisOptions read, lowered;
  lowered.lowerForAliasChecks = true;
  AnalysisResult a = test::analyze(text, read);
  AnalysisResult b = test::analyze(text, lowered);
  EXPECT_EQ(withoutNames(a.findings), withoutNames(b.findings)) << what;
  std::vector<const Finding *> mine = test::withCode(a, FindingCode::BL203);
  std::vector<const Finding *> theirs = test::withCode(b, FindingCode::BL203);
  if (mine.size() != theirs.size())
    return theirs.size();
  for (size_t i = 0; i < mine.size(); ++i) {
    std::vector<std::string> named = namesCompared(mine[i]->message);
    // Buffers the pass made are described by what the passes after it
    // left of them ("a clone of %a"), which differs between the two.
    for (const std::string &name : namesCompared(theirs[i]->message))
      EXPECT_TRUE(name.front() != '%' || llvm::is_contained(named, name) ||
                  llvm::is_contained(named, name + " or its clone"))
          << name << " is missing from: " << mine[i]->message << "\n"
          << what;
  }
  return theirs.size();
}
} // namespace

TEST(RuntimeAliasCheckFilterTest,
     SimplifiedDeallocsTellWhatTheLoweringCompares) {
  size_t checks = 0;
  size_t files = test::forEachAnalysisInput(
      [&](const std::filesystem::path &path, const std::string &text) {
        checks += expectSameAliasChecks(text, path.string());
      });
  EXPECT_GT(files, 40u);
  EXPECT_GT(checks, 3u);
}

TEST(RuntimeAliasCheckFilterTest,
     SimplifiedDeallocsTellWhatTheLoweringComparesOnTheCorpus) {
  size_t checks = 0, chunks = 0;
  test::forEachMlirFileBelow(
      {"test/corpus"},
      [&](const std::filesystem::path &path, const std::string &text) {
        for (const std::string &chunk : test::splitInputFile(text)) {
          checks += expectSameAliasChecks(chunk, path.string());
          ++chunks;
        }
      });
  EXPECT_GT(chunks, 300u);
  EXPECT_GT(checks, 20u); // The corpus's BL203 (bench/precision.py).
}

TEST(RuntimeAliasCheckFilterTest,
     SimplifiedDeallocsTellWhatTheLoweringComparesOnGeneratedModules) {
  size_t checks = 0;
  for (uint32_t seed = 1; seed <= 200; ++seed)
    checks += expectSameAliasChecks(test::BufferizedGenerator::module(seed, 8),
                                    test::BufferizedGenerator::module(seed, 8));
  EXPECT_GT(checks, 40u);
}
