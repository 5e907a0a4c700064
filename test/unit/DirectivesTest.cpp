#include "analysis/Directives.h"

#include <gtest/gtest.h>

using namespace bufferlens;

TEST(DirectivesTest, IgnoreAppliesOnItsLineOrTheLineBelow) {
  std::string text = "// bufferlens: ignore BL301, BL302\n"
                     "%0 = memref.alloc() // bufferlens: ignore\n"
                     "%1 = memref.alloc()\n";
  LineIndex lines(text);
  Directives d = parseDirectives(text, lines);
  ASSERT_EQ(d.ignores.size(), 2u);
  EXPECT_TRUE(d.problems.empty());
  EXPECT_TRUE(d.suppresses(FindingCode::BL301, 0));
  EXPECT_TRUE(d.suppresses(FindingCode::BL302, 1)) << "alone on the line above";
  EXPECT_TRUE(d.suppresses(FindingCode::BL101, 1))
      << "bare ignore covers every code";
  EXPECT_FALSE(d.suppresses(FindingCode::BL101, 2))
      << "a trailing comment does not cover the next line";
  EXPECT_FALSE(d.suppresses(FindingCode::BL303, 0));
}

TEST(DirectivesTest, StageAndMalformedDirectives) {
  std::string text = "// bufferlens: stage=deallocated\n"
                     "// bufferlens: stage=later\n"
                     "// bufferlens: frobnicate\n";
  LineIndex lines(text);
  Directives d = parseDirectives(text, lines);
  EXPECT_EQ(d.stage, StageOverride::Deallocated);
  ASSERT_EQ(d.problems.size(), 2u);
  EXPECT_EQ(d.problems[0].message,
            "unknown stage 'later': expected 'bufferized' or 'deallocated'");
  EXPECT_EQ(d.problems[0].range.begin, 33u);
  EXPECT_EQ(d.problems[1].message,
            "unknown bufferlens directive 'frobnicate': expected 'ignore "
            "[CODE...]' or 'stage=...'");
}
