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
