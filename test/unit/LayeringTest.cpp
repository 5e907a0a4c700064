//===- LayeringTest.cpp - docs/ARCHITECTURE.md's layer table holds --------===//
//
// The table under "Layers, as the includes must keep them" in
// docs/ARCHITECTURE.md says, per folder (or file), which of the project's
// folders its sources may include and which libraries they must not. This
// reads the table and every `#include` of the tree and fails on each
// include the table forbids, and on a folder the table does not name: the
// seams (ide/ knows no JSON, cli/ reaches the server only through `serve`)
// stay where the document says they are.
//
//===----------------------------------------------------------------------===//

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

static const fs::path kRoot = BUFFERLENS_SOURCE_DIR;

namespace {
struct LayerRule {
  std::vector<std::string> mayUse;  ///< Project folders, "analysis/"...
  std::vector<std::string> mustNot; ///< Include prefixes, "nlohmann/"...
};

/// The project's top-level source folders: an include that starts with one
/// of them is the project's own.
const std::vector<std::string> kProjectFolders = {
    "support/", "analysis/", "config/", "viz/", "ide/", "server/", "cli/"};

std::string readFile(const fs::path &path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

/// The backquoted items of one table cell.
std::vector<std::string> backquoted(const std::string &cell) {
  std::vector<std::string> out;
  static const std::regex item("`([^`]+)`");
  for (auto it = std::sregex_iterator(cell.begin(), cell.end(), item);
       it != std::sregex_iterator(); ++it)
    out.push_back((*it)[1]);
  return out;
}

/// The layer table: the rows after its heading, up to the first line that
/// is not a table row.
std::map<std::string, LayerRule> readLayerTable() {
  std::string doc = readFile(kRoot / "docs/ARCHITECTURE.md");
  size_t at = doc.find("Layers, as the includes must keep them");
  EXPECT_NE(at, std::string::npos) << "the layer table's heading is missing";
  std::map<std::string, LayerRule> rules;
  if (at == std::string::npos)
    return rules;
  std::istringstream lines(doc.substr(at));
  std::string line;
  std::getline(lines, line); // The heading.
  bool inTable = false;
  while (std::getline(lines, line)) {
    if (line.rfind("|", 0) != 0) {
      if (inTable)
        break;
      continue;
    }
    inTable = true;
    std::vector<std::string> cells;
    std::stringstream row(line.substr(1));
    std::string cell;
    while (std::getline(row, cell, '|'))
      cells.push_back(cell);
    if (cells.size() < 3)
      continue;
    std::vector<std::string> names = backquoted(cells[0]);
    if (names.size() != 1)
      continue; // The header and the separator.
    rules[names[0]] = {backquoted(cells[1]), backquoted(cells[2])};
  }
  return rules;
}

/// The most specific rule for `relative` (a file's path from the root).
const LayerRule *ruleFor(const std::map<std::string, LayerRule> &rules,
                         const std::string &relative) {
  const LayerRule *best = nullptr;
  size_t bestLength = 0;
  for (const auto &[name, rule] : rules)
    if (relative.rfind(name, 0) == 0 && name.size() > bestLength) {
      best = &rule;
      bestLength = name.size();
    }
  return best;
}

bool startsWithAny(const std::string &text,
                   const std::vector<std::string> &prefixes) {
  for (const std::string &prefix : prefixes)
    if (text.rfind(prefix, 0) == 0)
      return true;
  return false;
}
} // namespace

TEST(LayeringTest, EveryIncludeKeepsTheLayerTable) {
  std::map<std::string, LayerRule> rules = readLayerTable();
  ASSERT_GE(rules.size(), 7u) << "expected a row per folder";
  static const std::regex include(R"(^\s*#\s*include\s*[<"]([^>"]+)[>"])");
  std::vector<std::string> problems;
  size_t checked = 0;
  for (const std::string &folder : kProjectFolders) {
    for (const auto &entry : fs::recursive_directory_iterator(kRoot / folder)) {
      std::string ext = entry.path().extension().string();
      if (ext != ".h" && ext != ".cpp")
        continue;
      std::string relative = fs::relative(entry.path(), kRoot).generic_string();
      const LayerRule *rule = ruleFor(rules, relative);
      if (!rule) {
        problems.push_back(relative + ": no row of the layer table covers it");
        continue;
      }
      std::istringstream lines(readFile(entry.path()));
      std::string line;
      for (unsigned number = 1; std::getline(lines, line); ++number) {
        std::smatch m;
        if (!std::regex_search(line, m, include))
          continue;
        ++checked;
        std::string target = m[1];
        std::string where = relative + ":" + std::to_string(number) + ": ";
        if (startsWithAny(target, kProjectFolders)) {
          if (!startsWithAny(target, rule->mayUse))
            problems.push_back(where + "includes " + target);
        } else if (startsWithAny(target, rule->mustNot)) {
          problems.push_back(where + "includes " + target);
        }
      }
    }
  }
  EXPECT_GT(checked, 500u);
  for (const std::string &problem : problems)
    ADD_FAILURE() << problem;
}

TEST(LayeringTest, TheTableForbidsWhatTheSeamsNeed) {
  // The rows the design rests on; a table loosened by mistake fails here.
  std::map<std::string, LayerRule> rules = readLayerTable();
  auto forbids = [&](const std::string &folder, const std::string &what) {
    const LayerRule &rule = rules[folder];
    return startsWithAny(what, rule.mustNot) ||
           (startsWithAny(what, kProjectFolders) &&
            !startsWithAny(what, rule.mayUse));
  };
  for (const char *json : {"nlohmann/json.hpp", "simdjson.h", "boost/asio.hpp",
                           "server/Protocol.h"})
    EXPECT_TRUE(forbids("ide/", json)) << json;
  EXPECT_TRUE(forbids("cli/", "server/LSPServer.h"));
  EXPECT_FALSE(forbids("cli/ServeCommand.cpp", "server/LSPServer.h"));
  EXPECT_TRUE(forbids("analysis/", "nlohmann/json.hpp"));
  EXPECT_TRUE(forbids("analysis/", "ide/Features.h"));
  EXPECT_TRUE(forbids("analysis/model/", "mlir/IR/Value.h"));
  EXPECT_TRUE(forbids("server/", "cli/Commands.h"));
}
