// Ops described in the settings (analysis/ir/DescribedDialects.h): the
// described effects reach the analyses, and a thread's next analysis under
// other settings does not see them (contexts are reused only for the same
// ProjectDialects).

#include "analysis/Analyzer.h"

#include <gtest/gtest.h>

using namespace bufferlens;

namespace {
const char *kLeak = R"(func.func @f(%c: i1) {
  %0 = "acme.alloc"() : () -> memref<8xf32>
  cf.cond_br %c, ^free, ^keep
^free:
  "acme.free"(%0) : (memref<8xf32>) -> ()
  return
^keep:
  return
}
)";

std::vector<FindingCode> codes(const AnalysisResult &result) {
  std::vector<FindingCode> out;
  for (const Finding &f : result.findings)
    if (f.code != FindingCode::None)
      out.push_back(f.code);
  return out;
}

AnalysisOptions described() {
  AnalysisOptions options;
  auto ops = std::make_shared<OperationDescriptions>();
  (*ops)["acme.alloc"].allocates = {0};
  (*ops)["acme.free"].frees = {0};
  options.dialects.operations = ops;
  return options;
}
} // namespace

TEST(DescribedDialectsTest, DescriptionsDoNotOutliveTheirAnalysis) {
  // Before, with and after the descriptions, on one thread: each analysis
  // sees exactly its own settings.
  EXPECT_EQ(codes(analyzeDocument(kLeak, "a.mlir", AnalysisOptions())),
            std::vector<FindingCode>{FindingCode::BL204});
  EXPECT_EQ(codes(analyzeDocument(kLeak, "a.mlir", described())),
            std::vector<FindingCode>{FindingCode::BL101});
  EXPECT_EQ(codes(analyzeDocument(kLeak, "a.mlir", described())),
            std::vector<FindingCode>{FindingCode::BL101});
  EXPECT_EQ(codes(analyzeDocument(kLeak, "a.mlir", AnalysisOptions())),
            std::vector<FindingCode>{FindingCode::BL204});
}

TEST(DescribedDialectsTest, ADescriptionOfAnUpstreamOpIsIgnored) {
  // memref's own interfaces speak for memref.dealloc: describing it as
  // freeing nothing changes nothing.
  AnalysisOptions options = described();
  auto ops =
      std::make_shared<OperationDescriptions>(*options.dialects.operations);
  (*ops)["memref.dealloc"] = OperationDescription();
  options.dialects.operations = ops;
  const char *text = R"(func.func @g() {
  %0 = memref.alloc() : memref<8xf32>
  memref.dealloc %0 : memref<8xf32>
  memref.dealloc %0 : memref<8xf32>
  return
}
)";
  EXPECT_EQ(codes(analyzeDocument(text, "b.mlir", options)),
            std::vector<FindingCode>{FindingCode::BL102});
}
