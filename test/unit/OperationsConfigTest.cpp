// "operations" and "plugins" in the settings (config/OperationsConfig.h):
// what a good description becomes, the exact message of each mistake, and
// that no JSON value makes the parser throw.
#include "config/OperationsConfig.h"
#include "config/Config.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <random>

using namespace bufferlens;

namespace {
std::optional<std::string> parse(const char *text, AnalysisSettings &settings) {
  return parseAnalysisSettings(nlohmann::json::parse(text), settings,
                               "/project/config");
}
} // namespace

TEST(OperationsConfigTest, ParsesEachEffect) {
  AnalysisSettings settings;
  EXPECT_EQ(parse(R"({"operations": {
      "acme.alloc":  {"allocates": ["result 0"]},
      "acme.free":   {"frees": ["operand 0"]},
      "acme.view":   {"aliases": {"result 1": "operand 2"}},
      "acme.kernel": {"reads": ["operand 0", "operand 0"],
                      "writes": ["operand 1"]},
      "acme.nop": {}}})",
                  settings),
            std::nullopt);
  const OperationDescriptions &ops = settings.operations;
  ASSERT_EQ(ops.size(), 5u);
  EXPECT_EQ(ops.at("acme.alloc").allocates, std::vector<unsigned>{0});
  EXPECT_EQ(ops.at("acme.free").frees, std::vector<unsigned>{0});
  EXPECT_EQ(ops.at("acme.view").aliases,
            (std::vector<std::pair<unsigned, unsigned>>{{1, 2}}));
  // A repeated index counts once.
  EXPECT_EQ(ops.at("acme.kernel").reads, std::vector<unsigned>{0});
  EXPECT_EQ(ops.at("acme.kernel").writes, std::vector<unsigned>{1});
  EXPECT_EQ(ops.at("acme.nop"), OperationDescription());
}

TEST(OperationsConfigTest, EachMistakeHasItsMessageAndTheRestIsKept) {
  AnalysisSettings settings;
  EXPECT_EQ(
      parse(R"({"operations": {
      "acme.alloc": {"allocates": ["operand 0"]},
      "acme.free": {"frees": "operand 0"},
      "acme.view": {"aliases": {"result x": "operand 0"}},
      "acme.view2": {"aliases": {"result 0": 3}},
      "acme.views": {"aliases": ["result 0"]},
      "acme.kernel": {"reads": ["operand 99999"], "touches": []},
      "acme.ok": {"writes": ["operand 1"]},
      "acme": {},
      "acme.odd": 7}})",
            settings),
      "'operations': \"acme\" is not an operation name (dialect.op); "
      "'operations.acme.alloc.allocates': \"operand 0\" is not \"result N\"; "
      "'operations.acme.free.frees' must be a list of \"operand N\"; "
      "'operations.acme.kernel.reads': \"operand 99999\" is not \"operand "
      "N\"; unknown effect 'touches' of 'acme.kernel': expected allocates, "
      "frees, aliases, reads or writes; 'operations.acme.odd' must be an "
      "object of effects (allocates, frees, aliases, reads, writes); "
      "'operations.acme.view.aliases': \"result x\" is not \"result N\"; "
      "'operations.acme.view2.aliases': 3 is not \"operand N\"; "
      "'operations.acme.views.aliases' must be an object of \"result N\" to "
      "\"operand M\"");
  ASSERT_EQ(settings.operations.size(), 1u);
  EXPECT_EQ(settings.operations.at("acme.ok").writes, std::vector<unsigned>{1});

  AnalysisSettings notAnObject;
  EXPECT_EQ(parse(R"({"operations": ["acme.alloc"]})", notAnObject),
            "'operations' must be an object of operation name to its effects");
}

TEST(OperationsConfigTest, PluginsAreAbsoluteFromTheConfigFile) {
  AnalysisSettings settings;
  EXPECT_EQ(parse(R"({"plugins": ["lib/Acme.so", "/opt/Other.so",
                                  "lib/../lib/Acme.so"]})",
                  settings),
            std::nullopt);
  EXPECT_EQ(settings.plugins,
            (std::vector<std::string>{"/project/config/lib/Acme.so",
                                      "/opt/Other.so"}));
  AnalysisSettings bad;
  EXPECT_EQ(parse(R"({"plugins": "Acme.so"})", bad),
            "'plugins' must be a list of paths to dialect plugins");
  EXPECT_EQ(parse(R"({"plugins": [3, ""]})", bad),
            "'plugins': 3 is not a path; 'plugins': \"\" is not a path");
}

TEST(OperationsConfigTest, LayersMergeByOperationAndAddPlugins) {
  AnalysisOptions options;
  AnalysisSettings file, client;
  ASSERT_EQ(parse(R"({"plugins": ["A.so"], "operations": {
      "acme.alloc": {"allocates": ["result 0"]},
      "acme.free": {"frees": ["operand 0"]}}})",
                  file),
            std::nullopt);
  ASSERT_EQ(parse(R"({"plugins": ["B.so", "A.so"], "operations": {
      "acme.free": {"frees": ["operand 1"]}}})",
                  client),
            std::nullopt);
  file.applyTo(options);
  client.applyTo(options);
  EXPECT_EQ(options.dialects.plugins,
            (std::vector<std::string>{"/project/config/A.so",
                                      "/project/config/B.so"}));
  ASSERT_TRUE(options.dialects.operations);
  EXPECT_EQ(options.dialects.operations->at("acme.alloc").allocates,
            std::vector<unsigned>{0});
  EXPECT_EQ(options.dialects.operations->at("acme.free").frees,
            std::vector<unsigned>{1});
}

// Random JSON shaped like a description, and truncated and mutated texts:
// every one is parsed (or rejected as JSON), none throws.
TEST(OperationsConfigTest, AnyJsonIsParsedWithoutThrowing) {
  std::mt19937 random(7);
  const char *pieces[] = {"{",
                          "}",
                          "[",
                          "]",
                          ",",
                          ":",
                          "\"operations\"",
                          "\"acme.alloc\"",
                          "\"allocates\"",
                          "\"aliases\"",
                          "\"result 0\"",
                          "\"operand 4294967296\"",
                          "\"result -1\"",
                          "\"operand 01\"",
                          "null",
                          "true",
                          "1e400",
                          "-3",
                          "\"\\u0000\"",
                          "\"plugins\"",
                          "\"a.\"",
                          "\".b\"",
                          "\"operand  1\""};
  for (int round = 0; round < 20000; ++round) {
    std::string text;
    int n = 1 + random() % 24;
    for (int i = 0; i < n; ++i)
      text += pieces[random() % (sizeof(pieces) / sizeof(*pieces))];
    nlohmann::json json = nlohmann::json::parse(text, nullptr, false);
    if (json.is_discarded())
      continue;
    AnalysisSettings settings;
    EXPECT_NO_THROW(parseAnalysisSettings(json, settings, "/p"));
    EXPECT_NO_THROW(
        parseAnalysisSettings({{"operations", json}}, settings, "/p"));
    EXPECT_NO_THROW(parseAnalysisSettings({{"plugins", json}}, settings, "/p"));
  }
}
