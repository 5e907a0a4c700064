//===- OwnershipCopyTest.cpp - The pass's copy, in batches or whole -------===//
//
// The ownership pass runs on a copy of the document. When every function
// can be analysed alone, the copy holds 64 functions at a time (each with
// stand-ins for the symbols it names), so the document's IR is not held
// twice; a function in a nested module makes it copy the whole document.
// Both must give every function the same findings and the same facts.
//
//===----------------------------------------------------------------------===//

#include "BufferizedGenerator.h"
#include "TestUtil.h"

#include "analysis/ir/ParsedModule.h"
#include "analysis/ir/Registry.h"
#include "analysis/ir/SourceIndex.h"
#include "analysis/ownership/OwnershipAnalysis.h"

#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace bufferlens;

/// Every ownership fact of the first `functions` functions, one line each.
static std::string describeFacts(const AnalysisResult &result,
                                 size_t functions) {
  std::ostringstream out;
  for (size_t fn = 0; fn < functions; ++fn) {
    const OwnershipFacts &facts = result.ownership[fn];
    out << "@" << result.functions[fn].name << " computed=" << facts.computed
        << " reason=" << facts.reason << "\n";
    for (const DeallocSite &site : facts.sites) {
      out << "  site block=" << site.block << " successor=" << site.successor
          << " terminator=" << site.terminator;
      for (const DeallocCandidate &memref : site.memrefs)
        out << " free(" << memref.memref << " if " << memref.condition << ")";
      for (ValueId retained : site.retained)
        out << " keep(" << retained << ")";
      out << "\n";
    }
    for (const ValueOwnership &state : facts.states)
      out << "  state " << state.value << "@" << state.block << " = "
          << state.ownership.str() << "\n";
  }
  return out.str();
}

/// Which copy the analysis of `text` takes.
static bool copiesInBatches(const std::string &text,
                            const AnalysisOptions &options = {}) {
  AnalysisResult result;
  result.sharedText = std::make_shared<const std::string>(text);
  std::unique_ptr<mlir::MLIRContext> context = takeThreadContext();
  std::unique_ptr<ParsedModule> parsed =
      ParsedModule::parse(result.text(), "in.mlir", *context, result.findings);
  EXPECT_TRUE(parsed);
  return parsed &&
         ownershipCopiesInBatches(SourceIndex(*parsed, result), options);
}

TEST(OwnershipCopyTest, BatchesAnswerAsTheWholeCopy) {
  // After the generated functions, so their ids are the same in both.
  const std::string nested = "module @inner {\n"
                             "  func.func @inner_fn() {\n"
                             "    return\n"
                             "  }\n"
                             "}\n";
  // Functions that already free memory are read in the original and left
  // out of the batches' copies: 70 of them make a batch with none to copy.
  // Each returns its argument, which BL105 reports from the original.
  std::string freeing;
  for (int i = 0; i < 70; ++i)
    freeing += "func.func @frees" + std::to_string(i) +
               "(%arg0: memref<2xf32>) -> memref<2xf32> {\n"
               "  %0 = memref.alloc() : memref<2xf32>\n"
               "  memref.dealloc %0 : memref<2xf32>\n"
               "  return %arg0 : memref<2xf32>\n"
               "}\n";
  size_t sites = 0, computed = 0, abiFindings = 0;
  for (uint32_t seed = 1; seed <= 3; ++seed) {
    // Three batches and a part of one; every function calls the
    // declaration @ext, which each batch must bring along.
    std::string text = test::BufferizedGenerator::module(seed, 150) + freeing;
    // The two analyses below take the two copies.
    ASSERT_TRUE(copiesInBatches(text));
    ASSERT_FALSE(copiesInBatches(text + nested));
    AnalysisResult batched = test::analyze(text);
    AnalysisResult whole = test::analyze(text + nested);
    ASSERT_TRUE(test::mlirErrors(batched).empty()) << text;
    ASSERT_EQ(batched.functions.size() + 1, whole.functions.size());
    EXPECT_EQ(test::describe(batched.findings), test::describe(whole.findings))
        << "seed " << seed;
    EXPECT_EQ(describeFacts(batched, batched.functions.size()),
              describeFacts(whole, batched.functions.size()))
        << "seed " << seed;
    for (const OwnershipFacts &facts : batched.ownership) {
      sites += facts.sites.size();
      computed += facts.computed;
    }
    for (const Finding &finding : batched.findings)
      abiFindings += finding.code == FindingCode::BL105;
  }
  // Not vacuous: the pass ran on most functions and placed deallocs, and
  // every freeing function had its BL105.
  EXPECT_GT(computed, 300u);
  EXPECT_GT(sites, 300u);
  EXPECT_GE(abiFindings, 3u * 70u);
}

TEST(OwnershipCopyTest, DynamicOwnershipCopiesTheWholeModule) {
  // The pass then rewrites callers: every function must be in the copy.
  const std::string text = test::BufferizedGenerator::module(1, 3);
  AnalysisOptions dynamic;
  dynamic.privateFunctionDynamicOwnership = true;
  EXPECT_TRUE(copiesInBatches(text));
  EXPECT_FALSE(copiesInBatches(text, dynamic));
}
