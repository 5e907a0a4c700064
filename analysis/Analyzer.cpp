//===- Analyzer.cpp -------------------------------------------------------===//

#include "analysis/Analyzer.h"
#include "analysis/BufferFacts.h"
#include "analysis/DestroyIR.h"
#include "analysis/Directives.h"
#include "analysis/ParsedModule.h"
#include "analysis/Registry.h"
#include "analysis/SourceIndex.h"
#include "analysis/checker/Checker.h"
#include "analysis/checker/Summaries.h"
#include "analysis/classic/ClassicAnalysis.h"
#include "analysis/ownership/OwnershipAnalysis.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <tuple>

using namespace bufferlens;
using namespace mlir;

static void decideStage(SourceIndex &index, FunctionId fn,
                        StageOverride fileOverride,
                        const AnalysisOptions &options) {
  FunctionEntry &entry = index.result().functions[fn];
  StageOverride chosen =
      fileOverride != StageOverride::Auto ? fileOverride : options.stage;
  if (chosen != StageOverride::Auto) {
    entry.stage = chosen == StageOverride::Deallocated ? Stage::Deallocated
                                                       : Stage::Bufferized;
    entry.stageFromOverride = true;
    return;
  }
  entry.stage =
      freesMemory(index.function(fn)) ? Stage::Deallocated : Stage::Bufferized;
}

// An op One-Shot Bufferize would still rewrite (it implements
// BufferizableOpInterface and takes or yields a tensor), or null. A function
// holding one is at tensor level: the deallocation passes run on its
// bufferized form, so their preconditions and plans say nothing about it
// (https://mlir.llvm.org/docs/Bufferization/: "deallocation [...] runs after
// bufferization"). What bufferization leaves on tensors by design is not
// such an op: `bufferization.to_tensor` / `to_buffer` at the edge of the
// bufferized region, and `func` ops when function boundaries were not
// bufferized.
static Operation *opBeforeBufferization(Operation *function) {
  Operation *found = nullptr;
  auto isTensor = [](Type type) { return isa<TensorType>(type); };
  function->walk([&](Operation *op) {
    if (op == function ||
        isa<bufferization::ToTensorOp, bufferization::ToBufferOp>(op) ||
        op->getName().getDialectNamespace() ==
            func::FuncDialect::getDialectNamespace() ||
        !isa<bufferization::BufferizableOpInterface>(op))
      return WalkResult::advance();
    if (llvm::any_of(op->getOperandTypes(), isTensor) ||
        llvm::any_of(op->getResultTypes(), isTensor)) {
      found = op;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

static void skipIfNotBufferized(SourceIndex &index, FunctionId fn) {
  FunctionEntry &entry = index.result().functions[fn];
  if (!entry.analysed)
    return;
  if (Operation *op = opBeforeBufferization(index.function(fn))) {
    entry.analysed = false;
    entry.notAnalysed = "@" + entry.name + " is not bufferized yet (`" +
                        op->getName().getStringRef().str() +
                        "` works on tensors); the deallocation passes run "
                        "after One-Shot Bufferize";
  }
}

// The per-function budget (AnalysisOptions::FunctionBudget). The operation
// count is known before any analysis and bounds time and memory alike on
// every machine, so the same file gives the same findings in CI and in the
// editor; the clock is a backstop read when each stage of the function's
// analysis ends (a stage is not interrupted).
namespace {
class FunctionBudgetCheck {
public:
  FunctionBudgetCheck(AnalysisResult &result, FunctionId fn,
                      const AnalysisOptions::FunctionBudget &budget)
      : result(result), fn(fn), budget(budget),
        findingsBefore(result.findings.size()),
        start(std::chrono::steady_clock::now()) {}

  /// False (and the function skipped) when it has too many operations.
  bool fitsOperations() {
    const FunctionEntry &entry = result.functions[fn];
    uint64_t operations = entry.opEnd - entry.opBegin;
    if (!budget.maxOperations || operations <= budget.maxOperations)
      return true;
    skip("@" + entry.name + " has " + std::to_string(operations) +
         " operations, more than the budget of " +
         std::to_string(budget.maxOperations) + " (functionBudget.operations)");
    return false;
  }

  /// False (the function's findings dropped, the function skipped) once
  /// its analysis has taken longer than the budget.
  bool inTime() {
    if (!budget.milliseconds)
      return true;
    auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::steady_clock::now() - start)
                       .count();
    if (static_cast<uint64_t>(elapsed) <= budget.milliseconds)
      return true;
    result.findings.resize(findingsBefore);
    skip("@" + result.functions[fn].name + " took more than " +
         std::to_string(budget.milliseconds) +
         " ms (functionBudget.milliseconds); its findings are left out");
    return false;
  }

private:
  void skip(std::string why) {
    FunctionEntry &entry = result.functions[fn];
    entry.analysed = false;
    entry.notAnalysed = why;
    Finding finding;
    finding.severity = Severity::Info;
    finding.range = entry.nameRange;
    finding.message = "not analysed: " + std::move(why);
    result.findings.push_back(std::move(finding));
  }

  AnalysisResult &result;
  FunctionId fn;
  const AnalysisOptions::FunctionBudget &budget;
  size_t findingsBefore;
  std::chrono::steady_clock::time_point start;
};
} // namespace

// Suppressions, enabled checks and severities apply to our own findings;
// MLIR's parse and verifier errors always stay.
static void applyUserSettings(AnalysisResult &result,
                              const Directives &directives,
                              const LineIndex &lines,
                              const AnalysisOptions &options) {
  std::vector<Finding> kept;
  kept.reserve(result.findings.size());
  for (Finding &finding : result.findings) {
    if (!finding.code.empty()) {
      if (!options.isEnabled(finding.code))
        continue;
      if (directives.suppresses(finding.code,
                                lines.toByteColumn(finding.range.begin).line))
        continue;
      finding.severity = options.severityOf(finding.code);
    }
    kept.push_back(std::move(finding));
  }
  // One finding per code and range: when two analyses say the same thing
  // about one op (e.g. both cannot handle it, BL204), the later wins.
  std::map<std::tuple<std::string, uint32_t, uint32_t>, size_t> seen;
  std::vector<Finding> unique;
  for (Finding &finding : kept) {
    if (finding.code.empty()) {
      unique.push_back(std::move(finding));
      continue;
    }
    auto key =
        std::make_tuple(finding.code, finding.range.begin, finding.range.end);
    auto [it, inserted] = seen.emplace(key, unique.size());
    if (inserted)
      unique.push_back(std::move(finding));
    else
      unique[it->second] = std::move(finding);
  }
  kept = std::move(unique);
  std::stable_sort(kept.begin(), kept.end(),
                   [](const Finding &a, const Finding &b) {
                     if (a.range.begin != b.range.begin)
                       return a.range.begin < b.range.begin;
                     return a.code < b.code;
                   });
  result.findings = std::move(kept);
}

AnalysisResult bufferlens::analyzeDocument(std::string_view text,
                                           std::string_view bufferName,
                                           const AnalysisOptions &options) {
  AnalysisResult result;
  result.text = std::string(text);
  LineIndex lines(result.text);
  Directives directives = parseDirectives(result.text, lines);

  std::unique_ptr<MLIRContext> context = takeThreadContext();
  std::unique_ptr<ParsedModule> parsed =
      ParsedModule::parse(result.text, bufferName, *context, result.findings);
  if (!parsed) {
    result.parseFailed = true;
  } else {
    SourceIndex index(*parsed, result);
    checker::SummaryCache summaries(index, CheckerLimits{});
    for (FunctionId fn = 0; fn < (FunctionId)result.functions.size(); ++fn) {
      decideStage(index, fn, directives.stage, options);
      skipIfNotBufferized(index, fn);
      if (!result.functions[fn].analysed)
        continue;
      FunctionBudgetCheck budget(result, fn, options.functionBudget);
      if (!budget.fitsOperations())
        continue;
      computeBufferFacts(index, fn);
      if (!budget.inTime())
        continue;
      analyzeClassic(index, fn, options);
      if (!budget.inTime())
        continue;
      if (result.functions[fn].stage == Stage::Deallocated) {
        runDeallocationChecker(index, fn, {}, &summaries);
        budget.inTime();
      }
    }
    runOwnershipAnalysis(index, options);
    dropDuplicateClassicPreconditions(result);
  }
  if (parsed)
    eraseNestedInnermostFirst(parsed->module()); // Linear (DestroyIR.h).
  parsed.reset();
  giveBackThreadContext(std::move(context), result.ops.size() + 1);

  for (Finding &problem : directives.problems)
    result.findings.push_back(std::move(problem));
  applyUserSettings(result, directives, lines, options);
  return result;
}
