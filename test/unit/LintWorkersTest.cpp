//===- LintWorkersTest.cpp - The threads `lint --jobs N` starts -----------===//

#include "cli/LintWorkers.h"

#include <gtest/gtest.h>

using namespace bufferlens;

TEST(LintWorkersTest, OneFileGetsTheJobsUpToTheServersCap) {
  EXPECT_EQ(planLintWorkers(1, 1).threadsPerFile, 1u);
  EXPECT_EQ(planLintWorkers(4, 1).threadsPerFile, 4u);
  EXPECT_EQ(planLintWorkers(8, 1).threadsPerFile, 8u);
  // `--jobs 100000` once meant 100000 part threads for one file.
  EXPECT_EQ(planLintWorkers(100000, 1).threadsPerFile, kMaxThreadsPerFile);
  EXPECT_EQ(planLintWorkers(100000, 1).fileWorkers, 1u);
  EXPECT_EQ(kMaxThreadsPerFile, 8u);
}

TEST(LintWorkersTest, SpareJobsAreSharedBetweenFiles) {
  LintWorkers three = planLintWorkers(7, 3);
  EXPECT_EQ(three.fileWorkers, 3u);
  EXPECT_EQ(three.threadsPerFile, 2u);
  LintWorkers many = planLintWorkers(4, 100);
  EXPECT_EQ(many.fileWorkers, 4u);
  EXPECT_EQ(many.threadsPerFile, 1u);
  LintWorkers none = planLintWorkers(4, 0);
  EXPECT_EQ(none.fileWorkers, 1u);
  EXPECT_EQ(none.threadsPerFile, 4u);
  EXPECT_EQ(planLintWorkers(100000, 3).threadsPerFile, kMaxThreadsPerFile);
}

TEST(LintWorkersTest, NoJobsMeansOnePerCore) {
  LintWorkers workers = planLintWorkers(0, 1);
  EXPECT_GE(workers.threadsPerFile, 1u);
  EXPECT_LE(workers.threadsPerFile, kMaxThreadsPerFile);
}
