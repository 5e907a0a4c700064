#include "config/Config.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

using namespace bufferlens;
namespace fs = std::filesystem;

TEST(ConfigTest, AppliesChecksStageAndLimits) {
  AnalysisOptions options;
  auto json = nlohmann::json::parse(R"({
    "checks": {"BL301": "off", "BL201": "warning"},
    "stage": "deallocated", "promoteToStackLimit": 64,
    "privateFunctionDynamicOwnership": true})");
  EXPECT_EQ(applyConfig(json, options), std::nullopt);
  EXPECT_FALSE(options.isEnabled(FindingCode::BL301));
  EXPECT_TRUE(options.isEnabled(FindingCode::BL201));
  EXPECT_EQ(options.severityOf(FindingCode::BL201), Severity::Warning);
  EXPECT_EQ(options.severityOf(FindingCode::BL101), Severity::Error);
  EXPECT_EQ(options.stage, StageOverride::Deallocated);
  EXPECT_EQ(options.promoteToStackLimit, 64u);
  EXPECT_TRUE(options.privateFunctionDynamicOwnership);
}

TEST(ConfigTest, TakesOneShotBufferizeOptionsAsWritten) {
  AnalysisOptions options;
  auto json = nlohmann::json::parse(
      R"({"oneShotBufferize": "bufferize-function-boundaries allow-return-allocs-from-loops"})");
  EXPECT_EQ(applyConfig(json, options), std::nullopt);
  EXPECT_EQ(options.oneShotBufferizeOptions,
            "bufferize-function-boundaries allow-return-allocs-from-loops");
}

TEST(ConfigTest, RefusesOneShotBufferizeOptionsThatAreNotAString) {
  for (const char *text :
       {R"({"oneShotBufferize": true})", R"({"oneShotBufferize": ["a"]})"}) {
    AnalysisOptions options;
    EXPECT_EQ(applyConfig(nlohmann::json::parse(text), options),
              "'oneShotBufferize' must be a string of One-Shot Bufferize pass "
              "options, e.g. \"bufferize-function-boundaries "
              "allow-return-allocs-from-loops\"")
        << text;
    EXPECT_EQ(options.oneShotBufferizeOptions, "");
  }
  AnalysisOptions options;
  nlohmann::json huge = {
      {"oneShotBufferize", std::string(kMaxPassOptionsBytes + 1, 'x')}};
  EXPECT_NE(applyConfig(huge, options), std::nullopt);
  EXPECT_EQ(options.oneShotBufferizeOptions, "");
}

TEST(ConfigTest, ReportsEveryBadSettingAndKeepsTheGoodOnes) {
  AnalysisOptions options;
  auto json = nlohmann::json::parse(
      R"({"checks": {"BL999": "off", "BL302": "loud", "BL303": "off"},
          "stage": 3, "colour": "red"})");
  // In key order, as nlohmann::json iterates objects.
  EXPECT_EQ(applyConfig(json, options),
            "invalid setting 'loud' for BL302: expected off, on, error, "
            "warning, info or hint; unknown finding code 'BL999'; unknown "
            "setting 'colour'; 'stage' must be \"auto\", \"bufferized\" or "
            "\"deallocated\"");
  EXPECT_FALSE(options.isEnabled(FindingCode::BL303));
}

TEST(ConfigTest, FunctionBudget) {
  AnalysisOptions options;
  EXPECT_EQ(options.functionBudget.maxOperations, 1000000u);
  EXPECT_EQ(options.functionBudget.milliseconds, 30000u);
  EXPECT_EQ(applyConfig(nlohmann::json::parse(
                            R"({"functionBudget": {"milliseconds": 0}})"),
                        options),
            std::nullopt);
  EXPECT_EQ(options.functionBudget.milliseconds, 0u) << "0 turns it off";
  EXPECT_EQ(options.functionBudget.maxOperations, 1000000u)
      << "a bound left out keeps its value";
  auto bad = nlohmann::json::parse(
      R"({"functionBudget": {"operations": -1, "seconds": 5}})");
  EXPECT_EQ(applyConfig(bad, options),
            "'functionBudget.operations' must be a non-negative integer; "
            "unknown setting 'functionBudget.seconds'");
  EXPECT_EQ(
      applyConfig(nlohmann::json::parse(R"({"functionBudget": 5})"), options),
      "'functionBudget' must be an object of \"operations\", "
      "\"milliseconds\" and \"megabytes\"");
  EXPECT_EQ(options.functionBudget.maxOperations, 1000000u);
}

TEST(ConfigTest, FunctionBudgetMemory) {
  AnalysisOptions options;
  EXPECT_EQ(options.functionBudget.megabytes, 4096u);
  EXPECT_EQ(applyConfig(nlohmann::json::parse(
                            R"({"functionBudget": {"megabytes": 512}})"),
                        options),
            std::nullopt);
  EXPECT_EQ(options.functionBudget.megabytes, 512u);
  EXPECT_EQ(options.functionBudget.milliseconds, 30000u)
      << "the other bounds keep their values";
  EXPECT_EQ(applyConfig(nlohmann::json::parse(
                            R"({"functionBudget": {"megabytes": "1G"}})"),
                        options),
            "'functionBudget.megabytes' must be a non-negative integer");
  EXPECT_EQ(options.functionBudget.megabytes, 512u);
  EXPECT_EQ(applyConfig(nlohmann::json::parse(
                            R"({"functionBudget": {"megabytes": 0}})"),
                        options),
            std::nullopt);
  EXPECT_EQ(options.functionBudget.megabytes, 0u) << "0 turns it off";
}

TEST(ConfigTest, FindsTheNearestFileUpTheTree) {
  fs::path root = fs::temp_directory_path() /
                  ("bufferlens-config-test-" + std::to_string(::getpid()));
  fs::remove_all(root);
  fs::create_directories(root / "a" / "b");
  std::ofstream(root / ".bufferlens.json") << "{}";
  std::ofstream(root / "a" / ".bufferlens.json")
      << "{\"stage\": \"bufferized\"}";
  EXPECT_EQ(findConfigFile(root / "a" / "b"), root / "a" / ".bufferlens.json");
  EXPECT_EQ(findConfigFile(root), root / ".bufferlens.json");
  // Named as filesystem::path joins: no empty component.
  EXPECT_EQ(findConfigFile((root / "a" / "b").string() + "/")->string(),
            (root / "a" / ".bufferlens.json").string());
  AnalysisOptions options;
  std::ofstream(root / "bad.json") << "{not json";
  EXPECT_EQ(loadConfigFile(root / "bad.json", options),
            (root / "bad.json").string() + ": not valid JSON");
  fs::remove_all(root);
}

// A loop of filesystem::path::parent_path copied the whole path per
// component: 40,000 of them took seconds. The walk costs each component
// once: 20,000 more of them ("/d", 2 bytes each) cost their 40,000 bytes
// scanned, and no more names stat'ed (past PATH_MAX none is).
TEST(ConfigTest, APathOfManyComponentsIsWalkedInLinearWork) {
  fs::path root = fs::temp_directory_path() /
                  ("bufferlens-config-walk-" + std::to_string(::getpid()));
  fs::remove_all(root);
  fs::create_directories(root);
  std::ofstream(root / ".bufferlens.json") << "{}";
  auto deep = [&](int components) {
    std::string directory = root.string();
    for (int i = 0; i < components; ++i)
      directory += "/d";
    return directory;
  };
  ConfigWalkCost shorter, longer;
  std::string expected = (root / ".bufferlens.json").string();
  EXPECT_EQ(findConfigAbove(deep(20000), &shorter), expected);
  EXPECT_EQ(findConfigAbove(deep(40000), &longer), expected);
  EXPECT_EQ(longer.probes, shorter.probes);
  EXPECT_EQ(longer.bytes - shorter.bytes, 2u * 20000);
  EXPECT_EQ(findConfigFile(deep(40000))->string(), expected);
  fs::remove_all(root);
}

TEST(ConfigTest, AFileThatCannotBeReadIsAnErrorNotAnException) {
  // A directory, and a regular file whose read fails (EIO), once threw
  // std::ios_base::failure from inside the JSON parser's stream.
  fs::path root = fs::temp_directory_path() /
                  ("bufferlens-config-read-test-" + std::to_string(::getpid()));
  fs::remove_all(root);
  fs::create_directories(root / "dir");
  fs::create_symlink("/proc/self/mem", root / "mem.json");
  AnalysisOptions options;
  EXPECT_EQ(loadConfigFile(root / "dir", options),
            (root / "dir").string() +
                ": cannot read the configuration file: not a regular file (a "
                "directory)");
  EXPECT_EQ(loadConfigFile(root / "mem.json", options),
            (root / "mem.json").string() +
                ": cannot read the configuration file: Input/output error");
  fs::remove_all(root);
}
