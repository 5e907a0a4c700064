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
#include "ide/CrashIsolation.h"

#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include <unistd.h>

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
      runOwnershipAnalysis(
          index, AnalysisOptions{},
          [&](FunctionId fn, llvm::function_ref<void()> stage) {
            charged.push_back(fn);
            stage();
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

namespace {

/// Sets the process's budget backstops for one test.
class WithBackstops {
public:
  explicit WithBackstops(BudgetBackstops backstops) : saved(budgetBackstops()) {
    budgetBackstops() = backstops;
  }
  ~WithBackstops() { budgetBackstops() = saved; }

private:
  BudgetBackstops saved;
};

uint64_t fakeResident = 0;

/// Replaces the resident-set reader for one test.
class WithFakeResident {
public:
  WithFakeResident() : saved(BudgetMeter::residentBytes) {
    fakeResident = 1ull << 30;
    BudgetMeter::residentBytes = [] { return fakeResident; };
  }
  ~WithFakeResident() { BudgetMeter::residentBytes = saved; }

private:
  BudgetMeter::ResidentBytes saved;
};

/// `count` allocations the ownership pass frees in one dealloc at the
/// return: the BL203 proof asks about each of them.
std::string manyAllocations(unsigned count) {
  std::string text = "func.func @many(%i: index) {\n"
                     "  %z = arith.constant 0.0 : f32\n";
  for (unsigned k = 0; k < count; ++k)
    text += "  %a" + std::to_string(k) +
            " = memref.alloc() : memref<8xf32>\n  memref.store %z, %a" +
            std::to_string(k) + "[%i] : memref<8xf32>\n";
  return text + "  return\n}\n";
}

/// `depth` nested loops in a function that frees: the checker's work.
std::string nestedLoops(unsigned depth) {
  std::string text = "func.func @nested(%lb: index, %ub: index, %s: index) {\n"
                     "  %m = memref.alloc() : memref<8xf32>\n";
  for (unsigned k = 0; k < depth; ++k)
    text += "  scf.for %i" + std::to_string(k) + " = %lb to %ub step %s {\n";
  text += "  %x = memref.load %m[%lb] : memref<8xf32>\n";
  for (unsigned k = 0; k < depth; ++k)
    text += "  }\n";
  return text + "  memref.dealloc %m : memref<8xf32>\n  return\n}\n";
}

/// An ordinary function with one leak the checker reports.
const char *kOrdinary = R"(func.func @ordinary(%i: index) -> f32 {
  %m = memref.alloc() : memref<8xf32>
  %v = memref.load %m[%i] : memref<8xf32>
  %u = memref.alloc() : memref<8xf32>
  memref.dealloc %u : memref<8xf32>
  return %v : f32
}
)";

std::vector<std::string> messages(const AnalysisResult &result) {
  std::vector<std::string> found;
  for (const Finding &finding : result.findings)
    found.push_back(finding.message);
  return found;
}

} // namespace

TEST(FunctionBudgetTest, MeterStopsAtItsPolls) {
  BudgetMeter meter(std::nullopt, 0, 100);
  unsigned polls = 0;
  while (!meter.exhausted())
    ++polls;
  EXPECT_EQ(polls, 99u) << "the 100th poll is refused";
  EXPECT_EQ(meter.whyExhausted(), BudgetMeter::Exceeded::Polls);
  EXPECT_TRUE(meter.exhausted()) << "and every one after it";

  BudgetMeter unbounded;
  for (unsigned i = 0; i < 100000; ++i)
    ASSERT_FALSE(unbounded.exhausted());
  EXPECT_FALSE(budgetExhausted()) << "no meter outside a stage";
}

TEST(FunctionBudgetTest, MeterStopsWhenTheResidentSetGrows) {
  WithFakeResident fake;
  // Steady memory: polled for a while (several reads of the resident set),
  // never exhausted.
  BudgetMeter steady(std::nullopt, 100ull << 20, 0);
  auto until = BudgetMeter::Clock::now() + std::chrono::milliseconds(30);
  while (BudgetMeter::Clock::now() < until)
    ASSERT_FALSE(steady.exhausted());
  // Growing memory: exhausted once it has grown past the bound, for the
  // memory.
  BudgetMeter growing(std::nullopt, 100ull << 20, 0);
  while (!growing.exhausted())
    fakeResident += 1 << 20;
  EXPECT_EQ(growing.whyExhausted(), BudgetMeter::Exceeded::Memory);
}

// The memory bound is functionBudget.megabytes: a stage that grows the
// resident set past it is stopped and the function says which setting
// stopped it; with the bound off, the same growth goes on.
TEST(FunctionBudgetTest, MemoryBoundIsTheSetting) {
  WithFakeResident fake;
  WithBackstops noPolls({0});
  for (uint64_t megabytes : {uint64_t(3), uint64_t(0)}) {
    AnalysisResult result;
    FunctionEntry entry;
    entry.name = "f";
    entry.analysed = true;
    result.functions.push_back(entry);
    AnalysisOptions::FunctionBudget budget;
    budget.milliseconds = 0;
    budget.megabytes = megabytes;
    FunctionBudgets budgets(result, budget);
    uint64_t polls = 0;
    bool completed = budgets.run(0, [&] {
      // Grows 1 MiB per thousand polls until the meter says stop, or for a
      // fixed number of polls (the meter reads the resident set every few
      // milliseconds, so a bound of 3 MiB stops it long before).
      for (; polls < 50000000 && !budgetExhausted(); ++polls)
        if (polls % 1000 == 0)
          fakeResident += 1 << 20;
    });
    if (megabytes) {
      EXPECT_FALSE(completed);
      EXPECT_LT(polls, 50000000u);
      EXPECT_EQ(messages(result),
                std::vector<std::string>{
                    "not analysed: @f needed more than 3 MiB of memory in one "
                    "analysis (functionBudget.megabytes); its findings are "
                    "left out"});
    } else {
      EXPECT_TRUE(completed);
      EXPECT_EQ(polls, 50000000u);
      EXPECT_TRUE(messages(result).empty());
    }
  }
}

// A function whose analysis runs past its budget is stopped inside the
// stage, and says so; the function after it keeps its findings. Polls
// stand for the clock, which no test depends on.
TEST(FunctionBudgetTest, StoppedFunctionLeavesTheOthersTheirFindings) {
  WithBackstops backstops({/*polls=*/2000});
  for (auto [text, note] :
       {std::pair{manyAllocations(3000),
                  "not analysed: @many needed more than 2000 steps in one "
                  "analysis; its findings are left out"},
        std::pair{nestedLoops(1000),
                  "not analysed: @nested needed more than 2000 steps in one "
                  "analysis; its findings are left out"}}) {
    // A thousand nested loops are walked recursively: on an analysis
    // thread's stack, as in lint and the server, not on the main thread's
    // 8 MiB (which AddressSanitizer's larger frames overflow).
    AnalysisResult result;
    runOnAnalysisThread([&] { result = test::analyze(text + kOrdinary); });
    std::vector<std::string> found = messages(result);
    EXPECT_EQ(found.front(), note);
    EXPECT_FALSE(result.functions[0].analysed);
    ASSERT_EQ(test::withCode(result, FindingCode::BL101).size(), 1u)
        << test::describe(result.findings);
    EXPECT_TRUE(result.functions[1].analysed);
  }
  // Unstopped, the same functions are analysed.
  WithBackstops unbounded({0});
  AnalysisResult result = test::analyze(nestedLoops(3) + kOrdinary);
  EXPECT_TRUE(result.functions[0].analysed) << test::describe(result.findings);
}

// The checker summarises a callee for the function calling it, under that
// function's budget. A summary the budget cut short is no summary of the
// callee: cached, it made a later caller assume the callee keeps nothing,
// and report a leak of what the callee frees. Wherever in the callee the
// budget runs out, the ordinary caller after it reports nothing.
TEST(FunctionBudgetTest, SummaryCutShortIsNotReused) {
  WithBackstops backstops({/*polls=*/2000});
  auto loads = [](unsigned count, const char *from) {
    std::string text;
    for (unsigned k = 0; k < count; ++k)
      text += "  %v" + std::to_string(k) + " = memref.load " + from +
              "[%i] : memref<8xf32>\n";
    return text;
  };
  for (unsigned before = 0; before <= 2400; before += 100) {
    // Each function frees something, so that the checker runs on it.
    std::string text = "func.func @first(%i: index) {\n"
                       "  %m = memref.alloc() : memref<8xf32>\n" +
                       loads(before, "%m") +
                       "  call @frees(%m, %i) : (memref<8xf32>, index) -> ()\n"
                       "  %u = memref.alloc() : memref<8xf32>\n"
                       "  memref.dealloc %u : memref<8xf32>\n"
                       "  return\n}\n"
                       "func.func @frees(%a: memref<8xf32>, %i: index) {\n" +
                       loads(300, "%a") +
                       "  memref.dealloc %a : memref<8xf32>\n  return\n}\n"
                       "func.func @second(%i: index) {\n"
                       "  %m = memref.alloc() : memref<8xf32>\n"
                       "  call @frees(%m, %i) : (memref<8xf32>, index) -> ()\n"
                       "  %u = memref.alloc() : memref<8xf32>\n"
                       "  memref.dealloc %u : memref<8xf32>\n"
                       "  return\n}\n";
    AnalysisResult result = test::analyze(text);
    ASSERT_EQ(result.functions.size(), 3u);
    ASSERT_TRUE(result.functions[2].analysed) << before;
    EXPECT_EQ(test::withCode(result, FindingCode::BL101).size(), 0u)
        << before << " loads before the call:\n"
        << test::describe(result.findings);
  }
}

// The memref analyses of a tensor function's bufferized copy
// (tensormemref/BufferizedFindings.cpp) run under the function's budget
// like every other stage: with 200 allocations their loops poll the meter
// hundreds of times, far past a backstop of 20 polls, and the function is
// stopped with the budget's note and none of their findings; unbounded,
// each allocation's BL301 comes back on its `tensor.empty`. The pass
// itself polls nothing (tensor/PassLimits.h times it instead).
TEST(FunctionBudgetTest, MemrefAnalysesOfTensorFunctionsAreBudgeted) {
  std::string text = "func.func @fills(%x: f32) -> f32 {\n"
                     "  %c0 = arith.constant 0 : index\n"
                     "  %sum0 = arith.constant 0.0 : f32\n";
  for (unsigned k = 0; k < 200; ++k) {
    std::string n = std::to_string(k), next = std::to_string(k + 1);
    text += "  %e" + n + " = tensor.empty() : tensor<4xf32>\n" + "  %f" + n +
            " = linalg.fill ins(%x : f32) outs(%e" + n +
            " : tensor<4xf32>) -> tensor<4xf32>\n" + "  %v" + n +
            " = tensor.extract %f" + n + "[%c0] : tensor<4xf32>\n" + "  %sum" +
            next + " = arith.addf %sum" + n + ", %v" + n + " : f32\n";
  }
  text += "  return %sum200 : f32\n}\n";
  auto promoted = [](const AnalysisResult &result) {
    size_t count = 0;
    for (const Finding *finding : test::withCode(result, FindingCode::BL301))
      count += llvm::StringRef(finding->message)
                   .starts_with("once bufferized by One-Shot Bufferize: ");
    return count;
  };
  {
    WithBackstops backstops({/*polls=*/20});
    AnalysisResult result = test::analyze(text);
    EXPECT_EQ(promoted(result), 0u) << test::describe(result.findings);
    EXPECT_EQ(messages(result),
              std::vector<std::string>{
                  "not analysed: @fills needed more than 20 steps in one "
                  "analysis; its findings are left out"});
  }
  WithBackstops unbounded({0});
  AnalysisResult result = test::analyze(text);
  EXPECT_EQ(promoted(result), 200u) << test::describe(result.findings);
}

// The reader's figure is proc(5)'s `resident` of /proc/self/statm in
// bytes, not getrusage's peak (its fallback): it tracks a buffer touched
// and freed again between two reads, read here independently with iostreams.
TEST(FunctionBudgetTest, ResidentBytesIsStatmResident) {
  auto statmResident = [] {
    std::ifstream statm("/proc/self/statm");
    uint64_t size = 0, resident = 0;
    statm >> size >> resident;
    return resident * static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
  };
  uint64_t before = statmResident();
  uint64_t read = BudgetMeter::readResidentBytes();
  uint64_t after = statmResident();
  ASSERT_GT(read, 0u);
  EXPECT_EQ(read % static_cast<uint64_t>(sysconf(_SC_PAGESIZE)), 0u);
  EXPECT_GE(read + (4u << 20), std::min(before, after));
  EXPECT_LE(read, std::max(before, after) + (4u << 20));
}
