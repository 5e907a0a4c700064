//===- TensorFixes.cpp ----------------------------------------------------===//
//
// The candidates of each bufferized function (Candidates.h), each tried on
// a copy of the text and kept only if the tensor analysis of that copy
// proves it (Reanalysis.h), against the same analysis of the text as
// written. Both analyse only the candidate's function and the bufferized
// functions it calls or that call it, so a try costs two tensor analyses
// of that neighbourhood; a document tries at most kMaxCandidates, in
// functions of at most kMaxFunctionOps ops.
//
//===----------------------------------------------------------------------===//

#include "analysis/tensorfixes/TensorFixes.h"
#include "analysis/ir/ParsedModule.h"
#include "analysis/ir/SourceIndex.h"
#include "analysis/tensorfixes/Candidates.h"
#include "analysis/tensorfixes/Reanalysis.h"

#include "mlir/IR/SymbolTable.h"

#include <map>
#include <set>

using namespace bufferlens;
using namespace bufferlens::tensorfixes;

static constexpr size_t kMaxCandidates = 8;
/// Functions with more ops are not tried: each try analyses the function
/// twice more.
static constexpr uint32_t kMaxFunctionOps = 2000;

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

/// The names of `fn` and of the bufferized functions it calls or that call
/// it: what a re-analysis runs, since a call's decisions depend on its
/// callee and the other way round.
static std::set<std::string> neighbourhood(const SourceIndex &index,
                                           FunctionId fn,
                                           const std::set<std::string> &ok) {
  const AnalysisResult &result = index.result();
  const std::string &name = result.functions[fn].name;
  std::set<std::string> names = {name};
  auto callees = [&](FunctionId of) {
    std::set<std::string> out;
    if (std::optional<mlir::SymbolTable::UseRange> uses =
            mlir::SymbolTable::getSymbolUses(index.function(of)))
      for (const mlir::SymbolTable::SymbolUse &use : *uses)
        out.insert(use.getSymbolRef().getRootReference().str());
    return out;
  };
  for (const std::string &callee : callees(fn))
    if (ok.count(callee))
      names.insert(callee);
  for (FunctionId other = 0; other < (FunctionId)result.functions.size();
       ++other)
    if (other != fn && ok.count(result.functions[other].name) &&
        callees(other).count(name))
      names.insert(result.functions[other].name);
  return names;
}

void bufferlens::addTensorFixes(SourceIndex &index,
                                llvm::ArrayRef<FunctionId> functions,
                                std::string_view bufferName,
                                const AnalysisOptions &options) {
  AnalysisResult &result = index.result();
  std::vector<Candidate> candidates;
  for (FunctionId fn : functions) {
    const FunctionEntry &entry = result.functions[fn];
    if (entry.opEnd - entry.opBegin > kMaxFunctionOps)
      continue;
    if (const TensorPlan *plan = result.tensorPlan(fn);
        plan && plan->bufferized)
      llvm::append_range(candidates, candidatesOf(index, *plan));
  }
  if (candidates.empty())
    return;
  if (candidates.size() > kMaxCandidates)
    candidates.resize(kMaxCandidates);
  std::set<std::string> bufferized;
  for (const TensorPlan &plan : result.tensor)
    if (plan.bufferized)
      bufferized.insert(result.functions[plan.function].name);
  mlir::MLIRContext &context = *index.parsed().module()->getContext();
  // The outcome of the text as written, per set of functions re-analysed:
  // a fix is judged against a run of the same functions.
  std::map<std::set<std::string>, std::optional<TensorOutcome>> before;
  for (Candidate &candidate : candidates) {
    SourceRange at = result.ops[candidate.op].nameRange;
    auto target = llvm::find_if(result.findings, [&](const Finding &f) {
      return f.code == candidate.code && f.range == at;
    });
    if (target == result.findings.end())
      continue;
    std::set<std::string> analysed =
        neighbourhood(index, result.ops[candidate.op].function, bufferized);
    auto [it, fresh] = before.try_emplace(analysed);
    if (fresh)
      it->second =
          reanalyse(context, result.text(), bufferName, analysed, options);
    if (!it->second)
      continue;
    std::string key = outcomeKey(result, *target);
    std::optional<TensorOutcome> after =
        reanalyse(context, applyEdits(result.text(), candidate.fix.edits),
                  bufferName, analysed, options);
    if (after && provesFix(*it->second, *after, key))
      target->fixes.push_back(std::move(candidate.fix));
  }
}
