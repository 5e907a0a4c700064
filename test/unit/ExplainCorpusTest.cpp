// Explanations of every memref value, block and free hint of the corpus
// (test/corpus: IR nobody here wrote) and of the examples: no point (a
// block end and its successor) may be said both to free a value and to
// keep it, and a point names each buffer once. The pass's dealloc can list
// one user value twice (the buffer as it arrived and its own copy) and
// retain it too; read line by line, that was a contradiction.

#include "TestUtil.h"
#include "analysis/Analyzer.h"
#include "analysis/explain/Explain.h"

#include "llvm/ADT/StringRef.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

using namespace bufferlens;
using bufferlens::test::forEachMlirFileBelow;

namespace {

std::vector<std::string> linesOf(const std::string &text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line))
    lines.push_back(line);
  return lines;
}

/// Checks the "deallocation:" section of a value's explanation: one line
/// per point, and no line both frees and retains.
void checkValue(const std::string &markdown, const std::string &where) {
  std::map<std::string, int> points;
  bool inSection = false;
  for (const std::string &line : linesOf(markdown)) {
    if (line == "deallocation:") {
      inSection = true;
      continue;
    }
    if (!inSection || line.rfind("- at the end of ", 0) != 0) {
      inSection = inSection && !line.empty();
      continue;
    }
    // "- at the end of ^bbN <successor>: <verdict>"; the successor text
    // has no ": ".
    size_t colon = line.find(": ");
    ASSERT_NE(colon, std::string::npos) << where << "\n" << markdown;
    std::string verdict = line.substr(colon + 2);
    EXPECT_EQ(++points[line.substr(0, colon)], 1)
        << where << ": one point said twice\n"
        << markdown;
    bool frees = llvm::StringRef(verdict).starts_with("freed if");
    bool keeps = llvm::StringRef(verdict).starts_with("retained");
    EXPECT_FALSE(frees && keeps) << where << "\n" << markdown;
    EXPECT_TRUE(frees || keeps || verdict == "never freed (condition false)")
        << where << ": " << verdict;
  }
}

/// A block's dealloc listing: each buffer once per dealloc.
void checkBlock(const std::string &markdown, const std::string &where) {
  std::map<std::string, int> names;
  for (const std::string &line : linesOf(markdown)) {
    if (line.rfind("`bufferization.dealloc`", 0) == 0) {
      names.clear();
      continue;
    }
    if (line.rfind("- %", 0) != 0)
      continue;
    std::string name = line.substr(2, line.find(':') - 2);
    EXPECT_EQ(++names[name], 1) << where << ": " << name << " listed twice\n"
                                << markdown;
  }
}

TEST(ExplainCorpusTest, NoPointBothFreesAndKeepsABuffer) {
  size_t values = 0, sites = 0;
  forEachMlirFileBelow(
      {"test/corpus", "examples"}, [&](const auto &path, const auto &text) {
        std::vector<std::string> chunks = test::splitInputFile(text);
        for (size_t i = 0; i < chunks.size(); ++i) {
          AnalysisResult result = analyzeDocument(chunks[i], "t.mlir", {});
          std::string where = path.string() + " chunk " + std::to_string(i);
          for (ValueId id = 0; id < static_cast<ValueId>(result.values.size());
               ++id) {
            if (result.values[id].type.rfind("memref<", 0) != 0)
              continue;
            ++values;
            checkValue(explainValue(result, id),
                       where + " " + result.values[id].name);
          }
          for (BlockId id = 0; id < static_cast<BlockId>(result.blocks.size());
               ++id)
            checkBlock(explainBlock(result, id),
                       where + " " + result.blocks[id].label);
          for (const OwnershipFacts &facts : result.ownership)
            for (const DeallocSite &site : facts.sites) {
              ++sites;
              std::string tooltip = freeHint(result, site).tooltip;
              std::map<std::string, int> names;
              for (const std::string &line : linesOf(tooltip))
                if (line.rfind("%", 0) == 0) {
                  EXPECT_EQ(++names[line.substr(0, line.find(':'))], 1)
                      << where << "\n"
                      << tooltip;
                }
            }
        }
      });
  // Hundreds of chunks with memrefs and the pass's deallocs (the
  // functions of pipeline outputs that free nothing are deallocated, not
  // the pass's input: Analyzer.cpp's moduleIsDeallocated).
  EXPECT_GT(values, 1000u);
  EXPECT_GT(sites, 450u);
}

} // namespace
