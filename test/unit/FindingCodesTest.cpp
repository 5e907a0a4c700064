#include "analysis/model/FindingCodes.h"

#include "llvm/Support/GlobPattern.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

using namespace bufferlens;
namespace fs = std::filesystem;

static const fs::path kRoot = BUFFERLENS_SOURCE_DIR;

static std::string readFile(const fs::path &path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(FindingCodesTest, TableMatchesDesign) {
  const auto &codes = allFindingCodes();
  ASSERT_EQ(codes.size(), 18u);
  EXPECT_EQ(findingCodeInfo(FindingCode::BL101).defaultSeverity,
            Severity::Error);
  EXPECT_EQ(findingCodeInfo(FindingCode::BL201).defaultSeverity,
            Severity::Info);
  EXPECT_EQ(findingCodeInfo(FindingCode::BL203).defaultSeverity,
            Severity::Warning);
  EXPECT_EQ(findingCodeInfo(FindingCode::BL301).defaultSeverity,
            Severity::Hint);
  EXPECT_EQ(findingCodeInfo(FindingCode::BL304).defaultSeverity,
            Severity::Warning);
  EXPECT_EQ(findingCodeInfo(FindingCode::BL305).defaultSeverity,
            Severity::Warning);
}

// findingCodeInfo indexes the table by the enum's value, and sorting
// findings by code must sort them as their names would.
TEST(FindingCodesTest, RowsAreInEnumOrderAndNamesRoundTrip) {
  const auto &codes = allFindingCodes();
  for (size_t i = 0; i < codes.size(); ++i) {
    EXPECT_EQ(static_cast<size_t>(codes[i].code), i + 1) << codes[i].name;
    EXPECT_EQ(codeName(codes[i].code), codes[i].name);
    EXPECT_EQ(parseFindingCode(codes[i].name), codes[i].code);
    if (i > 0)
      EXPECT_LT(codes[i - 1].name, codes[i].name);
  }
  EXPECT_EQ(codeName(FindingCode::None), "");
  EXPECT_EQ(parseFindingCode(""), std::nullopt);
  EXPECT_EQ(parseFindingCode("BL999"), std::nullopt);
  EXPECT_EQ(parseFindingCode("bl101"), std::nullopt);
}

// Every code has its own section in the README, which LSP code links and
// SARIF help point at.
TEST(FindingCodesTest, EveryCodeIsDocumentedInTheReadme) {
  std::string readme = readFile(kRoot / "README.md");
  ASSERT_FALSE(readme.empty()) << "README.md not found";
  for (const FindingCodeInfo &info : allFindingCodes())
    EXPECT_NE(readme.find("\n### " + std::string(info.name) + "\n"),
              std::string::npos)
        << info.name << " has no README section";
}

namespace {
/// One row of the table in docs/ARCHITECTURE.md.
struct TableRow {
  std::vector<std::string> implementation;
  std::vector<std::string> tests; ///< Glob patterns, relative to the root.
};
} // namespace

static std::vector<std::string> backticked(const std::string &cell) {
  std::vector<std::string> out;
  static const std::regex quoted("`([^`]+)`");
  for (std::sregex_iterator it(cell.begin(), cell.end(), quoted), end;
       it != end; ++it)
    out.push_back((*it)[1]);
  return out;
}

static std::map<std::string, TableRow> architectureTable() {
  std::string doc = readFile(kRoot / "docs/ARCHITECTURE.md");
  size_t at = doc.find("\n### Finding codes\n");
  EXPECT_NE(at, std::string::npos) << "no finding code table";
  std::map<std::string, TableRow> rows;
  std::istringstream lines(doc.substr(at));
  std::string line;
  std::getline(lines, line); // The empty rest of the line before.
  std::getline(lines, line); // The heading.
  while (std::getline(lines, line) && line.rfind("### ", 0) != 0) {
    if (line.rfind("| BL", 0) != 0)
      continue;
    std::vector<std::string> cells;
    std::stringstream split(line.substr(1));
    for (std::string cell; std::getline(split, cell, '|');)
      cells.push_back(cell);
    EXPECT_GE(cells.size(), 3u) << line;
    if (cells.size() < 3)
      continue;
    std::string code = cells[0].substr(1, 5);
    EXPECT_FALSE(rows.count(code)) << code << " has two rows";
    rows[code] = {backticked(cells[1]), backticked(cells[2])};
  }
  return rows;
}

/// The files under the root a pattern such as `test/lit/checker/leak*.mlir`
/// matches; only the last component may hold wildcards.
static std::vector<fs::path> matching(const std::string &pattern) {
  fs::path relative(pattern);
  fs::path dir = kRoot / relative.parent_path();
  // GlobPattern keeps pointers into its pattern: the string must outlive it.
  std::string name = relative.filename().string();
  llvm::Expected<llvm::GlobPattern> glob = llvm::GlobPattern::create(name);
  if (!glob) {
    llvm::consumeError(glob.takeError());
    ADD_FAILURE() << "bad pattern " << pattern;
    return {};
  }
  std::vector<fs::path> out;
  std::error_code ec;
  for (const fs::directory_entry &entry : fs::directory_iterator(dir, ec))
    if (entry.is_regular_file() &&
        glob->match(entry.path().filename().string()))
      out.push_back(entry.path());
  return out;
}

// docs/ARCHITECTURE.md says where each code is implemented and tested; a
// reader trusts it only if it is complete and current.
TEST(FindingCodesTest, ArchitectureTableMatchesTheTree) {
  std::map<std::string, TableRow> rows = architectureTable();
  ASSERT_EQ(rows.size(), allFindingCodes().size());

  // Who names each code under analysis/ (the enum and table aside).
  std::map<std::string, std::set<std::string>> namedIn;
  for (const fs::directory_entry &entry :
       fs::recursive_directory_iterator(kRoot / "analysis")) {
    std::string file = entry.path().filename().string();
    if (!entry.is_regular_file() || file == "FindingCode.h" ||
        file == "FindingCodes.cpp")
      continue;
    std::string text = readFile(entry.path());
    std::string relative = fs::relative(entry.path(), kRoot).generic_string();
    for (const FindingCodeInfo &info : allFindingCodes())
      if (text.find("FindingCode::" + std::string(info.name)) !=
          std::string::npos)
        namedIn[std::string(info.name)].insert(relative);
  }

  for (const FindingCodeInfo &info : allFindingCodes()) {
    std::string code(info.name);
    ASSERT_TRUE(rows.count(code)) << code << " has no row";
    const TableRow &row = rows[code];
    std::set<std::string> listed(row.implementation.begin(),
                                 row.implementation.end());
    for (const std::string &file : listed)
      EXPECT_TRUE(fs::is_regular_file(kRoot / file))
          << code << ": " << file << " does not exist";
    EXPECT_FALSE(namedIn[code].empty()) << code << " is raised nowhere";
    for (const std::string &file : namedIn[code])
      EXPECT_TRUE(listed.count(file))
          << file << " names " << code << " but is not in its row";

    EXPECT_FALSE(row.tests.empty()) << code << " lists no tests";
    for (const std::string &pattern : row.tests) {
      std::vector<fs::path> files = matching(pattern);
      EXPECT_FALSE(files.empty()) << code << ": " << pattern << " matches "
                                  << "nothing";
      bool mentioned = false;
      for (const fs::path &file : files)
        mentioned |= readFile(file).find(code) != std::string::npos;
      EXPECT_TRUE(mentioned) << pattern << " never mentions " << code;
    }
  }
}
