//===- Reanalysis.cpp -----------------------------------------------------===//

#include "analysis/tensorfixes/Reanalysis.h"
#include "analysis/ir/DestroyIR.h"
#include "analysis/ir/ParsedModule.h"
#include "analysis/ir/SourceIndex.h"
#include "analysis/tensor/PassLimits.h"
#include "analysis/tensor/TensorAnalysis.h"

#include "mlir/IR/MLIRContext.h"

using namespace bufferlens;
using namespace bufferlens::tensorfixes;

static bool isTensorCode(FindingCode code) {
  return code == FindingCode::BL501 || code == FindingCode::BL502 ||
         code == FindingCode::BL503;
}

std::string tensorfixes::outcomeKey(const AnalysisResult &result,
                                    const Finding &finding) {
  std::string function;
  for (const FunctionEntry &entry : result.functions)
    if (entry.fullRange.begin <= finding.range.begin &&
        finding.range.begin < entry.fullRange.end)
      function = entry.name;
  return "@" + function + " " + std::string(codeName(finding.code)) + " " +
         finding.message;
}

TensorOutcome tensorfixes::outcomeOf(const AnalysisResult &result) {
  TensorOutcome outcome;
  for (const Finding &finding : result.findings) {
    if (finding.code == FindingCode::None &&
        finding.severity == Severity::Error)
      ++outcome.errors;
    if (isTensorCode(finding.code))
      outcome.findings.insert(outcomeKey(result, finding));
  }
  for (const TensorPlan &plan : result.tensor) {
    outcome.failed += !plan.bufferized;
    outcome.effects +=
        plan.allocations.size() + plan.copies.size() + plan.returnClones.size();
  }
  return outcome;
}

std::optional<TensorOutcome> tensorfixes::reanalyse(
    mlir::MLIRContext &context, std::string text, std::string_view bufferName,
    const std::set<std::string> &analysed, const AnalysisOptions &options) {
  AnalysisResult result;
  result.sharedText = std::make_shared<const std::string>(std::move(text));
  std::unique_ptr<ParsedModule> parsed =
      ParsedModule::parse(result.text(), bufferName, context, result.findings);
  if (!parsed)
    return std::nullopt;
  TensorPassLimits limits;
  limits.milliseconds = options.functionBudget.milliseconds;
  if (options.functionBudget.megabytes <= (UINT64_MAX >> 20))
    limits.memoryBytes = options.functionBudget.megabytes << 20;
  {
    SourceIndex index(*parsed, result);
    std::vector<FunctionId> onTensors;
    for (FunctionId fn = 0; fn < (FunctionId)result.functions.size(); ++fn)
      if (result.functions[fn].analysed &&
          analysed.count(result.functions[fn].name) &&
          worksOnTensors(index.function(fn)))
        onTensors.push_back(fn);
    AnalysisOptions quiet = options;
    quiet.explanations = false; // No finding depends on them.
    ScopedTensorPassLimits scope(limits);
    runTensorAnalysis(index, onTensors, quiet);
  }
  eraseNestedInnermostFirst(parsed->module());
  if (!limits.exceeded.empty())
    return std::nullopt; // Past a budget: nothing is proven.
  return outcomeOf(result);
}

bool tensorfixes::provesFix(const TensorOutcome &before,
                            const TensorOutcome &after,
                            const std::string &target) {
  if (after.errors > before.errors || after.failed > before.failed ||
      after.effects >= before.effects ||
      after.findings.count(target) >= before.findings.count(target))
    return false;
  // Nothing new: each finding after the edit was there before, as often.
  for (auto it = after.findings.begin(); it != after.findings.end();
       it = after.findings.upper_bound(*it))
    if (after.findings.count(*it) > before.findings.count(*it))
      return false;
  return true;
}
