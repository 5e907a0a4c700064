//===- FindingsOnlyTest.cpp - Findings without explanations ---------------===//
//
// `lint` without `--graphs` analyses with AnalysisOptions::explanations off:
// no ownership lattice, no dealloc sites and no classic plan past its
// outcome. That is only sound if no finding depends on them; this checks it
// on every example and analysis input and on generated modules, and that
// the option does skip them.
//
//===----------------------------------------------------------------------===//

#include "BufferizedGenerator.h"
#include "TestUtil.h"

#include <gtest/gtest.h>

using namespace bufferlens;

static size_t explanationsOf(const AnalysisResult &result) {
  size_t n = 0;
  for (const OwnershipFacts &facts : result.ownership)
    n += facts.states.size() + facts.sites.size();
  for (const ClassicPlan &plan : result.classic)
    n += plan.values.size() + plan.clones.size() + plan.insertions.size() +
         plan.hoists.size() + plan.promotions.size() + plan.multiBuffers.size();
  return n;
}

TEST(FindingsOnlyTest, ExplanationsChangeNoFinding) {
  size_t explained = 0;
  size_t files = test::forEachAnalysisInput(
      [&](const std::filesystem::path &path, const std::string &text) {
        AnalysisOptions full, findingsOnly;
        findingsOnly.explanations = false;
        AnalysisResult a = test::analyze(text, full);
        AnalysisResult b = test::analyze(text, findingsOnly);
        EXPECT_EQ(test::describe(a.findings), test::describe(b.findings))
            << path;
        EXPECT_EQ(explanationsOf(b), 0u) << path;
        explained += explanationsOf(a);
      });
  EXPECT_GT(files, 40u);
  EXPECT_GT(explained, 100u); // Not vacuous: the full analysis has them.
}

// `lint` without --fix or JSON output does not try the tensor view's
// quick fixes: the findings are the same but for the fixes of BL501 and
// BL502, which it does not print.
TEST(FindingsOnlyTest, TensorFixesOffChangeOnlyTensorFixes) {
  size_t tensorFixes = 0;
  test::forEachAnalysisInput([&](const std::filesystem::path &path,
                                 const std::string &text) {
    AnalysisOptions full, noFixes;
    noFixes.tensorFixes = false;
    AnalysisResult a = test::analyze(text, full);
    AnalysisResult b = test::analyze(text, noFixes);
    for (Finding &finding : a.findings)
      if (finding.code == FindingCode::BL501 ||
          finding.code == FindingCode::BL502) {
        tensorFixes += finding.fixes.size();
        finding.fixes.clear();
      }
    EXPECT_EQ(test::describe(a.findings), test::describe(b.findings)) << path;
  });
  EXPECT_GT(tensorFixes, 0u); // Not vacuous: the inputs have some.
}

TEST(FindingsOnlyTest, ExplanationsChangeNoFindingOnGeneratedModules) {
  for (uint32_t seed = 1; seed <= 40; ++seed) {
    std::string text = test::BufferizedGenerator::module(seed, 8);
    AnalysisOptions full, findingsOnly;
    findingsOnly.explanations = false;
    EXPECT_EQ(test::describe(test::analyze(text, full).findings),
              test::describe(test::analyze(text, findingsOnly).findings))
        << text;
  }
}

// Without explanations, a classic stage whose only finding is turned off
// is skipped (analyzeClassic; the tensor view's bufferized copies ask for
// BL301 and BL302 alone). Skipping it must take away that code's findings
// and nothing else.
TEST(FindingsOnlyTest, SkippedClassicStagesTakeOnlyTheirOwnFindings) {
  const FindingCode skippable[] = {FindingCode::BL201, FindingCode::BL202,
                                   FindingCode::BL303, FindingCode::BL304,
                                   FindingCode::BL305, FindingCode::BL401};
  std::map<FindingCode, size_t> removed;
  test::forEachAnalysisInput(
      [&](const std::filesystem::path &path, const std::string &text) {
        AnalysisOptions all;
        all.explanations = false;
        std::vector<Finding> expected = test::analyze(text, all).findings;
        AnalysisOptions some = all;
        for (FindingCode code : skippable)
          some.enabled[code] = false;
        llvm::erase_if(expected, [&](const Finding &finding) {
          if (!llvm::is_contained(skippable, finding.code))
            return false;
          ++removed[finding.code];
          return true;
        });
        EXPECT_EQ(test::describe(expected),
                  test::describe(test::analyze(text, some).findings))
            << path;
      });
  // Not vacuous: the inputs have findings of each but the one `lint` finds
  // in none of them.
  for (FindingCode code : skippable) {
    if (code != FindingCode::BL303) {
      EXPECT_GT(removed[code], 0u) << codeName(code);
    }
  }
}
