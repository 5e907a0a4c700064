//===- ConfigProblemsTest.cpp - Where a .bufferlens.json's mistakes are ---===//

#include "config/ConfigProblems.h"

#include <gtest/gtest.h>

using namespace bufferlens;

namespace {
using Keys = std::vector<std::string>;
using Range = std::pair<uint32_t, uint32_t>;

std::string where(const std::string &text, const ConfigProblem &problem) {
  return text.substr(problem.begin, problem.end - problem.begin);
}
} // namespace

TEST(ConfigProblemsTest, KeysAreFoundThroughCommentsEscapesAndArrays) {
  std::string text = "{ /* a } comment */ \"a\": [1, {\"x\": 2}],\n"
                     "  // \"b\": 1\n"
                     "  \"b\\u0063\": {\"d\": \"}\\\"\", \"e\": {\"f\": 1}}}";
  auto ranges = keyRanges(text, 2);
  std::map<Keys, Range> want = {
      {{"a"}, {20, 23}},
      {{"bc"}, {text.find("\"b\\u"), text.find("\"b\\u") + 9}},
      {{"bc", "d"}, {text.find("\"d\""), text.find("\"d\"") + 3}},
      {{"bc", "e"}, {text.find("\"e\""), text.find("\"e\"") + 3}}};
  EXPECT_EQ(ranges, want);
}

TEST(ConfigProblemsTest, AKeyGivenTwiceIsAtItsLastPlace) {
  std::string text = R"({"stage": "auto", "stage": "x"})";
  std::vector<ConfigProblem> problems = configProblems(text, "/");
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].begin, 18u);
  EXPECT_EQ(where(text, problems[0]), "\"stage\"");
  EXPECT_FALSE(problems[0].fileIgnored);
}

TEST(ConfigProblemsTest, InvalidJsonIsWhereTheParserStopped) {
  std::string text = "{\"checks\": {\"BL101\": off}}";
  std::vector<ConfigProblem> problems = configProblems(text, "/");
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].begin, 21u);
  EXPECT_EQ(problems[0].end, 22u);
  EXPECT_EQ(problems[0].message,
            "not valid JSON: syntax error while parsing value - invalid "
            "literal; last read: '\"BL101\": o'");
  EXPECT_TRUE(problems[0].fileIgnored);
}

TEST(ConfigProblemsTest, NotAnObjectIsAtTheStart) {
  std::vector<ConfigProblem> problems = configProblems("[1]", "/");
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].begin, 0u);
  EXPECT_EQ(problems[0].end, 0u);
  EXPECT_EQ(problems[0].message, "the configuration must be a JSON object");
  EXPECT_TRUE(problems[0].fileIgnored);
}

TEST(ConfigProblemsTest, NestedMistakesAreOnTheirKeyAndInTextOrder) {
  std::string text = R"({"zz": 1, "functionBudget": {"seconds": 3},)"
                     R"( "checks": {"BL101": 1}})";
  std::vector<ConfigProblem> problems = configProblems(text, "/");
  ASSERT_EQ(problems.size(), 3u);
  EXPECT_EQ(where(text, problems[0]), "\"zz\"");
  EXPECT_EQ(problems[0].message, "unknown setting 'zz'");
  EXPECT_EQ(where(text, problems[1]), "\"functionBudget\"");
  EXPECT_EQ(problems[1].message, "unknown setting 'functionBudget.seconds'");
  EXPECT_EQ(where(text, problems[2]), "\"BL101\"");
  EXPECT_EQ(problems[2].message, "the setting of BL101 must be a string");
}

TEST(ConfigProblemsTest, DeepNestingCostsNoStack) {
  std::string text =
      "{\"a\": " + std::string(200000, '[') + std::string(200000, ']') + "}";
  auto ranges = keyRanges(text, 2);
  EXPECT_EQ(ranges, (std::map<Keys, Range>{{{"a"}, {1, 4}}}));
}
