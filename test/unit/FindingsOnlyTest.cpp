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
