//===- TensorFixes.cpp ----------------------------------------------------===//
//
// The candidates of each bufferized function (Candidates.h), each tried on
// a copy of the text and kept only if the tensor analysis of that copy
// proves it (Reanalysis.h), against the same analysis of the text as
// written. Both analyse only the candidate's function, the bufferized
// functions that call it (directly or not) and their callees
// (neighbourhood()), so a try costs two tensor analyses of that
// neighbourhood; a document tries at most kMaxCandidates, in
// functions of at most kMaxFunctionOps ops. The other functions become
// declarations in both texts (stubbed()): parsing and indexing the whole
// document again for each try cost lint three times its analysis on a
// module of hundreds of functions, and a declaration is what the tensor
// analysis takes a function it does not bufferize for anyway.
//
//===----------------------------------------------------------------------===//

#include "analysis/tensorfixes/TensorFixes.h"
#include "analysis/ir/ParsedModule.h"
#include "analysis/ir/SourceIndex.h"
#include "analysis/ir/SymbolRefs.h"
#include "analysis/tensorfixes/Candidates.h"
#include "analysis/tensorfixes/Reanalysis.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/raw_ostream.h"

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

/// The symbols each function names, listed once per document.
static std::vector<std::set<std::string>> calleesOf(const SourceIndex &index) {
  const AnalysisResult &result = index.result();
  std::vector<std::set<std::string>> out(result.functions.size());
  for (FunctionId fn = 0; fn < (FunctionId)result.functions.size(); ++fn)
    if (auto refs = symbolRefsIn(index.function(fn)))
      for (mlir::SymbolRefAttr ref : *refs)
        out[fn].insert(ref.getRootReference().str());
  return out;
}

/// Functions past which a fix is not tried: its re-analysis would run
/// them all, twice.
static constexpr size_t kMaxNeighbourhood = 32;

/// The names of what a re-analysis of a fix in `fn` runs: `fn`, the
/// bufferized functions that call it directly or through others, and the
/// bufferized functions each of those calls. A fix can change whether `fn`
/// writes or returns its arguments' buffers, which changes the decisions
/// at its calls, which can change what their callers write in turn, up
/// the whole chain of callers; a callee's decisions are what its callers
/// see of it. Empty when that is more than kMaxNeighbourhood functions:
/// no fix is offered there rather than one proven on part of its effect.
static std::set<std::string>
neighbourhood(const AnalysisResult &result, FunctionId fn,
              const std::set<std::string> &ok,
              const std::vector<std::set<std::string>> &callees) {
  std::vector<FunctionId> chain = {fn};
  std::set<std::string> inChain = {result.functions[fn].name};
  for (size_t next = 0; next < chain.size(); ++next) {
    const std::string &callee = result.functions[chain[next]].name;
    for (FunctionId other = 0; other < (FunctionId)result.functions.size();
         ++other) {
      const std::string &name = result.functions[other].name;
      if (ok.count(name) && callees[other].count(callee) &&
          inChain.insert(name).second)
        chain.push_back(other);
    }
    if (inChain.size() > kMaxNeighbourhood)
      return {};
  }
  std::set<std::string> names = inChain;
  for (FunctionId member : chain)
    for (const std::string &callee : callees[member])
      if (ok.count(callee))
        names.insert(callee);
  if (names.size() > kMaxNeighbourhood)
    return {};
  return names;
}

/// Each function's text as a declaration of the same byte length
/// (`func.func private @f(types) -> (types)`, padded with spaces), or empty
/// when none fits in its text or it is not a top-level `func.func`.
static std::vector<std::string> declarationsOf(const SourceIndex &index) {
  const AnalysisResult &result = index.result();
  std::vector<std::string> out(result.functions.size());
  for (FunctionId fn = 0; fn < (FunctionId)result.functions.size(); ++fn) {
    mlir::FunctionOpInterface function = index.function(fn);
    if (!function || function->getName().getStringRef() != "func.func" ||
        function.isExternal())
      continue;
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "func.func private @" << result.functions[fn].name << "(";
    llvm::interleaveComma(function.getArgumentTypes(), os);
    os << ") -> (";
    llvm::interleaveComma(function.getResultTypes(), os);
    os << ")";
    os.flush();
    const SourceRange &range = result.functions[fn].fullRange;
    if (range.end <= range.begin || text.size() > range.end - range.begin ||
        text.find('\n') != std::string::npos)
      continue;
    out[fn] = std::move(text);
  }
  return out;
}

/// `text` with every function not in `analysed` replaced by its
/// declaration, byte for byte in place: offsets (the edits') stay, and
/// line breaks outside the replaced functions stay, so later lines keep
/// their numbers only where no function before them was replaced; the
/// outcomes compared name functions and messages, not lines.
static std::string stubbed(const AnalysisResult &result,
                           const std::vector<std::string> &declarations,
                           const std::set<std::string> &analysed) {
  std::string text = result.text();
  for (FunctionId fn = 0; fn < (FunctionId)result.functions.size(); ++fn) {
    const std::string &declaration = declarations[fn];
    if (declaration.empty() || analysed.count(result.functions[fn].name))
      continue;
    const SourceRange &range = result.functions[fn].fullRange;
    if (range.end > text.size())
      continue;
    std::fill(text.begin() + range.begin, text.begin() + range.end, ' ');
    std::copy(declaration.begin(), declaration.end(),
              text.begin() + range.begin);
  }
  return text;
}

void bufferlens::addTensorFixes(SourceIndex &index,
                                llvm::ArrayRef<FunctionId> functions,
                                std::string_view bufferName,
                                const AnalysisOptions &options) {
  if (!options.tensorFixes)
    return;
  AnalysisResult &result = index.result();
  std::vector<Candidate> candidates;
  for (FunctionId fn : functions) {
    const FunctionEntry &entry = result.functions[fn];
    if (static_cast<uint32_t>(entry.opEnd - entry.opBegin) > kMaxFunctionOps)
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
  std::vector<std::set<std::string>> callees = calleesOf(index);
  std::vector<std::string> declarations = declarationsOf(index);
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
    std::set<std::string> analysed = neighbourhood(
        result, result.ops[candidate.op].function, bufferized, callees);
    if (analysed.empty())
      continue;
    std::string text = stubbed(result, declarations, analysed);
    auto [it, fresh] = before.try_emplace(analysed);
    if (fresh)
      it->second = reanalyse(context, text, bufferName, analysed, options);
    if (!it->second)
      continue;
    std::string key = outcomeKey(result, *target);
    std::optional<TensorOutcome> after =
        reanalyse(context, applyEdits(text, candidate.fix.edits), bufferName,
                  analysed, options);
    if (after && provesFix(*it->second, *after, key))
      target->fixes.push_back(std::move(candidate.fix));
  }
}
