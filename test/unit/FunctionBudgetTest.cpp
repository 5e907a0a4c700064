//===- FunctionBudgetTest.cpp - The per-function budget -------------------===//
//
// FunctionBudgets with explicit durations (no test depends on the clock),
// and the ownership pass charging its time to the function it ran on.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include "analysis/FunctionBudget.h"
#include "analysis/ir/BufferFacts.h"
#include "analysis/ir/ParsedModule.h"
#include "analysis/ir/Registry.h"
#include "analysis/ir/SourceIndex.h"
#include "analysis/ownership/OwnershipAnalysis.h"

#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

using namespace bufferlens;
using namespace std::chrono_literals;

namespace {

/// Two functions, @a over [0, 100) and @b over [100, 200), each with one
/// coded finding, and one of MLIR's errors inside @a.
AnalysisResult twoFunctions() {
  AnalysisResult result;
  for (auto [name, begin] : {std::pair{"a", 0u}, std::pair{"b", 100u}}) {
    FunctionEntry entry;
    entry.name = name;
    entry.nameRange = {begin + 10, begin + 12};
    entry.fullRange = {begin, begin + 100};
    entry.analysed = true;
    entry.opBegin = 0;
    entry.opEnd = 5;
    result.functions.push_back(entry);
    Finding finding;
    finding.code = FindingCode::BL101;
    finding.range = {begin + 50, begin + 60};
    finding.message = std::string("leak in @") + name;
    result.findings.push_back(finding);
  }
  Finding mlirError;
  mlirError.range = {20, 21};
  mlirError.message = "an error of MLIR's";
  result.findings.push_back(mlirError);
  return result;
}

} // namespace

TEST(FunctionBudgetTest, TimeAddsUpOverStagesBeforeItCounts) {
  AnalysisResult result = twoFunctions();
  AnalysisOptions::FunctionBudget budget{1000, 30};
  FunctionBudgets budgets(result, budget);
  EXPECT_TRUE(budgets.charge(0, 20ms));
  EXPECT_TRUE(budgets.charge(1, 25ms));
  EXPECT_TRUE(budgets.charge(0, 10ms)) << "30 ms is within a 30 ms budget";
  EXPECT_FALSE(budgets.charge(0, 1ms));
  EXPECT_FALSE(budgets.charge(0, 1ms)) << "a skipped function stays skipped";
  budgets.finish();

  EXPECT_FALSE(result.functions[0].analysed);
  EXPECT_EQ(result.functions[0].notAnalysed,
            "@a took more than 30 ms (functionBudget.milliseconds); its "
            "findings are left out");
  EXPECT_TRUE(result.functions[1].analysed);
  // @a's finding is gone; @b's, MLIR's error and one note (not two) stay.
  AnalysisResult expected = twoFunctions();
  expected.findings.erase(expected.findings.begin());
  Finding note;
  note.severity = Severity::Info;
  note.range = {10, 12};
  note.message = "not analysed: @a took more than 30 ms "
                 "(functionBudget.milliseconds); its findings are left out";
  expected.findings.push_back(note);
  EXPECT_EQ(test::describe(result.findings), test::describe(expected.findings));
}

TEST(FunctionBudgetTest, ZeroTurnsEachBoundOff) {
  AnalysisResult result = twoFunctions();
  result.functions[0].opEnd = 2000000;
  AnalysisOptions::FunctionBudget budget{0, 0};
  FunctionBudgets budgets(result, budget);
  EXPECT_TRUE(budgets.fitsOperations(0));
  EXPECT_TRUE(budgets.charge(0, 24h));
  budgets.finish();
  EXPECT_EQ(result.findings.size(), 3u);
}

TEST(FunctionBudgetTest, TooManyOperationsIsSaidBeforeAnyStage) {
  AnalysisResult result = twoFunctions();
  AnalysisOptions::FunctionBudget budget{4, 0};
  FunctionBudgets budgets(result, budget);
  EXPECT_FALSE(budgets.fitsOperations(1));
  EXPECT_EQ(result.findings.back().message,
            "not analysed: @b has 5 operations, more than the budget of 4 "
            "(functionBudget.operations)");
  EXPECT_EQ(result.findings.back().range.begin, 110u);
  EXPECT_FALSE(result.functions[1].analysed);
}

// The ownership pass reports how long it took on each function; a function
// the budget refuses is left out of the pipeline that finds BL203.
TEST(FunctionBudgetTest, OwnershipPassChargesEachFunction) {
  std::ifstream in(std::string(BUFFERLENS_SOURCE_DIR) +
                   "/examples/loop_nested_if.mlir");
  std::string text((std::istreambuf_iterator<char>(in)),
                   std::istreambuf_iterator<char>());
  ASSERT_FALSE(text.empty());
  for (bool refuse : {false, true}) {
    AnalysisResult result;
    result.sharedText = std::make_shared<const std::string>(text);
    std::unique_ptr<mlir::MLIRContext> context = takeThreadContext();
    std::unique_ptr<ParsedModule> parsed = ParsedModule::parse(
        result.text(), "in.mlir", *context, result.findings);
    ASSERT_TRUE(parsed);
    {
      SourceIndex index(*parsed, result);
      ASSERT_EQ(result.functions.size(), 1u);
      result.functions[0].analysed = true;
      computeBufferFacts(index, 0);
      std::vector<FunctionId> charged;
      runOwnershipAnalysis(index, AnalysisOptions{}, [&](FunctionId fn, auto) {
        charged.push_back(fn);
        return !refuse;
      });
      EXPECT_EQ(charged, std::vector<FunctionId>{0});
      EXPECT_EQ(test::withCode(result, FindingCode::BL203).size(),
                refuse ? 0u : 1u)
          << (refuse ? "refused" : "accepted");
    }
    parsed.reset();
    giveBackThreadContext(std::move(context), 1);
  }
}
