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
  EXPECT_EQ(where(text, problems[1]), "\"seconds\"");
  EXPECT_EQ(problems[1].message, "unknown setting 'functionBudget.seconds'");
  EXPECT_EQ(where(text, problems[2]), "\"BL101\"");
  EXPECT_EQ(problems[2].message, "the setting of BL101 must be a string");
}

// A mistake inside `operations` is on the innermost key that names it:
// the operation, its effect, or the result an alias starts from. A list's
// items have no key: a bad item is on the list's key.
TEST(ConfigProblemsTest, OperationMistakesAreOnTheirInnermostKey) {
  std::string text = R"({"operations": {"acme": {},)"
                     R"( "acme.a": {"allocates": ["result x"], "eats": []},)"
                     R"( "acme.b": {"aliases": {"res 0": "operand 0"}},)"
                     R"( "acme.c": 3}, "functionBudget": {"milliseconds": -1},)"
                     R"( "plugins": [1]})";
  std::vector<ConfigProblem> problems = configProblems(text, "/");
  std::vector<std::pair<std::string, std::string>> got;
  for (const ConfigProblem &problem : problems)
    got.emplace_back(where(text, problem), problem.message);
  std::vector<std::pair<std::string, std::string>> want = {
      {"\"acme\"", "'operations': \"acme\" is not an operation name "
                   "(dialect.op)"},
      {"\"allocates\"",
       "'operations.acme.a.allocates': \"result x\" is not \"result N\""},
      {"\"eats\"", "unknown effect 'eats' of 'acme.a': expected allocates, "
                   "frees, aliases, reads or writes"},
      {"\"res 0\"",
       "'operations.acme.b.aliases': \"res 0\" is not \"result N\""},
      {"\"acme.c\"", "'operations.acme.c' must be an object of effects "
                     "(allocates, frees, aliases, reads, writes)"},
      {"\"milliseconds\"",
       "'functionBudget.milliseconds' must be a non-negative integer"},
      {"\"plugins\"", "'plugins': 1 is not a path"}};
  EXPECT_EQ(got, want);
}

TEST(ConfigProblemsTest, DeepNestingCostsNoStack) {
  std::string text =
      "{\"a\": " + std::string(200000, '[') + std::string(200000, ']') + "}";
  auto ranges = keyRanges(text, 2);
  EXPECT_EQ(ranges, (std::map<Keys, Range>{{{"a"}, {1, 4}}}));
}
