//===- TensorFixes.cpp ----------------------------------------------------===//
//
// The candidates of each bufferized function (Candidates.h), each tried on
// a copy of the text and kept only if the tensor analysis of that copy
// proves it (Reanalysis.h). A re-analysis costs about one tensor analysis
// of the document, so a document tries at most kMaxCandidates.
//
//===----------------------------------------------------------------------===//

#include "analysis/tensorfixes/TensorFixes.h"
#include "analysis/ir/ParsedModule.h"
#include "analysis/ir/SourceIndex.h"
#include "analysis/tensorfixes/Candidates.h"
#include "analysis/tensorfixes/Reanalysis.h"

#include <set>

using namespace bufferlens;
using namespace bufferlens::tensorfixes;

static constexpr size_t kMaxCandidates = 8;

static std::vector<Candidate> candidatesOf(const SourceIndex &index,
                                           const TensorPlan &plan) {
  std::vector<Candidate> found;
  std::set<OpId> tried;
  for (const OutOfPlaceOperand &operand : plan.outOfPlace) {
    bool copied = llvm::any_of(
        plan.copies, [&](const auto &copy) { return copy.op == operand.op; });
    if (!copied || !tried.insert(operand.op).second)
      continue;
    if (std::optional<Candidate> move = moveReadsBeforeWrite(index, operand))
      found.push_back(std::move(*move));
  }
  tried.clear();
  for (const BufferizationEffect &allocation : plan.allocations) {
    if (!tried.insert(allocation.op).second)
      continue;
    if (std::optional<Candidate> slice =
            emptyIntoDestination(index, allocation.op))
      found.push_back(std::move(*slice));
  }
  return found;
}

void bufferlens::addTensorFixes(SourceIndex &index,
                                llvm::ArrayRef<FunctionId> functions,
                                std::string_view bufferName,
                                const AnalysisOptions &options) {
  AnalysisResult &result = index.result();
  std::vector<Candidate> candidates;
  for (FunctionId fn : functions)
    if (const TensorPlan *plan = result.tensorPlan(fn);
        plan && plan->bufferized)
      llvm::append_range(candidates, candidatesOf(index, *plan));
  if (candidates.empty())
    return;
  if (candidates.size() > kMaxCandidates)
    candidates.resize(kMaxCandidates);
  TensorOutcome before = outcomeOf(result);
  mlir::MLIRContext &context = *index.parsed().module()->getContext();
  for (Candidate &candidate : candidates) {
    SourceRange at = result.ops[candidate.op].nameRange;
    auto target = llvm::find_if(result.findings, [&](const Finding &f) {
      return f.code == candidate.code && f.range == at;
    });
    if (target == result.findings.end())
      continue;
    std::string key = outcomeKey(result, *target);
    std::optional<TensorOutcome> after =
        reanalyse(context, applyEdits(result.text(), candidate.fix.edits),
                  bufferName, options);
    if (after && provesFix(before, *after, key))
      target->fixes.push_back(std::move(candidate.fix));
  }
}
