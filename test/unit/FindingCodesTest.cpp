#include "analysis/FindingCodes.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

using namespace bufferlens;

TEST(FindingCodesTest, TableMatchesDesign) {
  const auto &codes = allFindingCodes();
  ASSERT_EQ(codes.size(), 14u);
  EXPECT_EQ(findingCodeInfo("BL101")->defaultSeverity, Severity::Error);
  EXPECT_EQ(findingCodeInfo("BL201")->defaultSeverity, Severity::Info);
  EXPECT_EQ(findingCodeInfo("BL203")->defaultSeverity, Severity::Warning);
  EXPECT_EQ(findingCodeInfo("BL301")->defaultSeverity, Severity::Hint);
  EXPECT_EQ(findingCodeInfo("BL304")->defaultSeverity, Severity::Warning);
  EXPECT_EQ(findingCodeInfo("BL999"), nullptr);
}

// Every code has its own section in the README, which LSP code links and
// SARIF help point at.
TEST(FindingCodesTest, EveryCodeIsDocumentedInTheReadme) {
  std::ifstream in(std::string(BUFFERLENS_SOURCE_DIR) + "/README.md");
  ASSERT_TRUE(in) << "README.md not found";
  std::stringstream readme;
  readme << in.rdbuf();
  for (const FindingCodeInfo &info : allFindingCodes())
    EXPECT_NE(readme.str().find("### " + std::string(info.code)),
              std::string::npos)
        << info.code << " has no README section";
}
