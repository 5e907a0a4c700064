//===- FunctionBudget.cpp -------------------------------------------------===//

#include "analysis/FunctionBudget.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace bufferlens;

FunctionBudgets::FunctionBudgets(AnalysisResult &result,
                                 const AnalysisOptions::FunctionBudget &budget)
    : result(result), budget(budget), spent(result.functions.size()) {}

bool FunctionBudgets::fitsOperations(FunctionId fn) {
  const FunctionEntry &entry = result.functions[fn];
  uint64_t operations = entry.opEnd - entry.opBegin;
  if (!budget.maxOperations || operations <= budget.maxOperations)
    return true;
  skip(fn, "@" + entry.name + " has " + std::to_string(operations) +
               " operations, more than the budget of " +
               std::to_string(budget.maxOperations) +
               " (functionBudget.operations)");
  return false;
}

bool FunctionBudgets::charge(FunctionId fn, Duration took) {
  if (!result.functions[fn].analysed)
    return false; // Already skipped: nothing more is charged or reported.
  spent[fn] += took;
  if (!budget.milliseconds)
    return true;
  auto total =
      std::chrono::duration_cast<std::chrono::milliseconds>(spent[fn]).count();
  if (static_cast<uint64_t>(total) <= budget.milliseconds)
    return true;
  skip(fn, "@" + result.functions[fn].name + " took more than " +
               std::to_string(budget.milliseconds) +
               " ms (functionBudget.milliseconds); its findings are left out");
  outOfTime.push_back(fn);
  return false;
}

void FunctionBudgets::finish(size_t published) {
  if (outOfTime.empty())
    return;
  std::vector<SourceRange> dropped;
  for (FunctionId fn : outOfTime)
    dropped.push_back(result.functions[fn].fullRange);
  auto inDropped = [&](const Finding &finding) {
    if (finding.code == FindingCode::None)
      return false; // MLIR's errors and the budget's own note stay.
    return llvm::any_of(dropped, [&](SourceRange range) {
      return range.begin <= finding.range.begin &&
             finding.range.begin < range.end;
    });
  };
  auto from =
      result.findings.begin() + std::min(published, result.findings.size());
  result.findings.erase(std::remove_if(from, result.findings.end(), inDropped),
                        result.findings.end());
  for (FunctionId fn : outOfTime)
    if (fn < (FunctionId)result.ownership.size()) {
      OwnershipFacts &facts = result.ownership[fn];
      facts = OwnershipFacts{};
      facts.function = fn;
      facts.reason = result.functions[fn].notAnalysed;
    }
}

void FunctionBudgets::skip(FunctionId fn, std::string why) {
  FunctionEntry &entry = result.functions[fn];
  entry.analysed = false;
  entry.notAnalysed = why;
  Finding finding;
  finding.severity = Severity::Info;
  finding.range = entry.nameRange;
  finding.message = "not analysed: " + std::move(why);
  result.findings.push_back(std::move(finding));
}
