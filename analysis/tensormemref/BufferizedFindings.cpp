//===- BufferizedFindings.cpp ---------------------------------------------===//
//
// Each batch's bufferized copy (upstream's pass, as the tensor view runs
// it: tensor/TensorAnalysis.cpp) is kept as text with each op located at
// the one user op its tags name (BufferizedCopy.cpp), parsed again as a
// document of its own and analysed as Analyzer.cpp analyses a bufferized
// document: buffer facts, the classic plan, the ownership analysis, each
// function under its budget. Its findings come back through those
// locations.
//
//===----------------------------------------------------------------------===//

#include "analysis/tensormemref/BufferizedFindings.h"
#include "analysis/classic/ClassicAnalysis.h"
#include "analysis/ir/BufferFacts.h"
#include "analysis/ir/DestroyIR.h"
#include "analysis/ir/ParsedModule.h"
#include "analysis/ir/SourceIndex.h"
#include "analysis/ownership/OwnershipAnalysis.h"
#include "analysis/ownership/TaggedClone.h"
#include "analysis/tensormemref/BufferizedCopy.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"

#include <map>
#include <optional>
#include <set>

using namespace bufferlens;
using namespace mlir;

namespace {
/// The user's functions by name, each with its ids in increasing order:
/// built once for every printed document of a report.
using FunctionsByName = llvm::StringMap<std::vector<FunctionId>>;

/// The printed copy, analysed, and the way back to the user's text.
/// Names are looked up in tables, each built once, when first needed
/// (most documents have no finding to map): a message names a few values,
/// but a document can have hundreds of thousands, and scanning them all
/// per name made mapping quadratic in the size of a function.
struct Mapper {
  const SourceIndex &user;
  const SourceIndex &printed;
  const FunctionsByName &userFunctionsNamed;
  std::map<uint32_t, OpId> opAt; // Printed ops by name offset.
  /// The printed values by function and name; the last of a name wins,
  /// as it did when every value was scanned.
  mutable std::optional<std::map<std::pair<FunctionId, std::string>, ValueId>>
      valueNamed;

  Mapper(const SourceIndex &user, const SourceIndex &printed,
         const FunctionsByName &userFunctionsNamed)
      : user(user), printed(printed), userFunctionsNamed(userFunctionsNamed) {
    const AnalysisResult &result = printed.result();
    for (OpId id = 0; id < (OpId)result.ops.size(); ++id)
      opAt[result.ops[id].nameRange.begin] = id;
  }

  /// The printed value `name` of `printedFn`, or kNone.
  ValueId valueOf(FunctionId printedFn, const std::string &name) const {
    if (!valueNamed) {
      const AnalysisResult &result = printed.result();
      valueNamed.emplace();
      for (ValueId id = 0; id < (ValueId)result.values.size(); ++id)
        (*valueNamed)[{result.values[id].function, result.values[id].name}] =
            id;
    }
    auto it = valueNamed->find({printedFn, name});
    return it == valueNamed->end() ? kNone : it->second;
  }

  /// The printed functions whose entry block is labelled ^bb0.
  mutable std::optional<std::set<FunctionId>> entryBlocksAtBb0;

  /// Whether `printedFn`'s entry block is labelled ^bb0.
  bool entryBlockIsBb0(FunctionId printedFn) const {
    if (!entryBlocksAtBb0) {
      entryBlocksAtBb0.emplace();
      for (const BlockEntry &block : printed.result().blocks)
        if (block.parentOp == kNone && block.label == "^bb0")
          entryBlocksAtBb0->insert(block.function);
    }
    return entryBlocksAtBb0->count(printedFn) != 0;
  }

  OpId printedOpAt(SourceRange range) const {
    auto it = opAt.find(range.begin);
    return it == opAt.end() ? kNone : it->second;
  }

  /// The user's op a printed op stands for.
  OpId userOp(OpId printedOp) const {
    return printedOp == kNone ? kNone
                              : printedOrigin(printed.op(printedOp)->getLoc());
  }

  /// "the buffer of `%e`" for a printed memref that stands for the user's
  /// tensor `%e` (an op's result of the same number, or the function's
  /// argument of the same position), else nullopt.
  std::optional<std::string> bufferName(Value value) const {
    if (!isa<BaseMemRefType>(value.getType()))
      return std::nullopt;
    Value original;
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      Block *block = arg.getOwner();
      auto fn = dyn_cast<FunctionOpInterface>(block->getParentOp());
      if (!fn || !block->isEntryBlock())
        return std::nullopt;
      FunctionId printedFn = printed.functionIdOf(fn);
      if (printedFn == kNone)
        return std::nullopt;
      const std::string &name = printed.result().functions[printedFn].name;
      auto named = userFunctionsNamed.find(name);
      if (named != userFunctionsNamed.end())
        for (FunctionId id : llvm::reverse(named->second))
          if (user.function(id).getNumArguments() > arg.getArgNumber()) {
            original = user.function(id).getArgument(arg.getArgNumber());
            break;
          }
    } else {
      OpId origin = userOp(printed.idOf(value.getDefiningOp()));
      unsigned number = cast<OpResult>(value).getResultNumber();
      if (origin != kNone && user.op(origin)->getNumResults() > number)
        original = user.op(origin)->getResult(number);
    }
    if (!original || !isa<TensorType>(original.getType()))
      return std::nullopt;
    ValueId id = user.idOf(original);
    if (id == kNone)
      return std::nullopt;
    return "the buffer of `" + user.result().values[id].name + "`";
  }

  /// `message` with each printed value named as the user's buffer, and an
  /// entry block's label kept; nullopt when a name has no exact
  /// counterpart.
  std::optional<std::string> translate(const std::string &message,
                                       FunctionId printedFn) const {
    std::string out;
    size_t last = 0;
    for (size_t at = 0; at < message.size(); ++at) {
      // A name is `%` or `^` and at least one of [A-Za-z0-9_#].
      char sigil = message[at];
      if (sigil != '%' && sigil != '^')
        continue;
      size_t end = at + 1;
      while (end < message.size() &&
             (llvm::isAlnum(message[end]) || message[end] == '_' ||
              message[end] == '#'))
        ++end;
      if (end == at + 1)
        continue;
      out.append(message, last, at - last);
      last = end;
      std::string name = message.substr(at, end - at);
      at = end - 1;
      if (sigil == '^') {
        // Only the function's entry block: the user's has the same label
        // (BlockNames.h: ^bb0 when unlabelled).
        if (name != "^bb0" || !entryBlockIsBb0(printedFn))
          return std::nullopt;
        out += name;
        continue;
      }
      ValueId named = valueOf(printedFn, name);
      if (named == kNone)
        return std::nullopt;
      std::optional<std::string> buffer = bufferName(printed.value(named));
      if (!buffer)
        return std::nullopt;
      out += *buffer;
    }
    out.append(message, last, std::string::npos);
    return out;
  }
};
} // namespace

static bool isMappedCode(FindingCode code) {
  return code == FindingCode::BL203 || code == FindingCode::BL204 ||
         code == FindingCode::BL301 || code == FindingCode::BL302;
}

namespace {
/// The user's functions whose memref findings are asked for, with their
/// plans, looked up once per report (AnalysisResult::tensorPlan searches).
struct WantedFunctions {
  std::vector<const TensorPlan *> plans; // By FunctionId; null: not wanted.
  llvm::StringMap<FunctionId> byName;
  /// How many allocations each wanted plan has at each user op: counted
  /// once, not per finding (a function of 20,000 small allocations has
  /// 20,000 BL301).
  std::map<std::pair<const TensorPlan *, OpId>, size_t> allocationsAt;

  /// Those whose next step is deallocation (in a module already past the
  /// deallocation pipeline, Analyzer.cpp's decideStage, what that pipeline
  /// would do with them is not a question) and whose bufferization by
  /// upstream allocates.
  explicit WantedFunctions(const AnalysisResult &result)
      : plans(result.functions.size(), nullptr) {
    for (const TensorPlan &plan : result.tensor)
      if (plan.function != kNone && plan.bufferized &&
          !plan.allocations.empty() &&
          result.functions[plan.function].stage == Stage::Bufferized &&
          !plans[plan.function]) {
        plans[plan.function] = &plan;
        byName.try_emplace(result.functions[plan.function].name, plan.function);
        for (const auto &allocation : plan.allocations)
          ++allocationsAt[{&plan, allocation.op}];
      }
  }
};
} // namespace

/// BL301 and BL302 are about one allocation: the printed op must be a
/// `memref.alloc` that the user's op's bufferization made, and the only
/// one it made.
static bool aboutItsOnlyAllocation(const SourceIndex &user,
                                   const WantedFunctions &wanted,
                                   const TensorPlan &plan, OpId userOp,
                                   Operation *printedOp) {
  if (!isa<memref::AllocOp>(printedOp) ||
      user.op(userOp)->getName() == printedOp->getName())
    return false;
  auto it = wanted.allocationsAt.find({&plan, userOp});
  return it != wanted.allocationsAt.end() && it->second == 1;
}

void BufferizedFindings::keep(const TaggedClone &clone,
                              llvm::ArrayRef<FunctionId> functions) {
  // Called before the plans reach the result: their allocations are
  // what the batch's bufferizing run made, and a function whose run
  // succeeded is bufferized.
  std::vector<FunctionId> allocating;
  for (FunctionId fn : functions)
    if (index.result().functions[fn].stage == Stage::Bufferized &&
        clone.lookup(index.function(fn)))
      allocating.push_back(fn);
  llvm::sort(allocating);
  if (!allocating.empty())
    texts.push_back(printBufferizedFunctions(index, clone, allocating));
}

/// The mapped findings of one kept document, appended to `mapped`; the
/// functions past their budget, by the user's function, to `stopped`.
static void analyseDocument(
    SourceIndex &index, const std::string &text, const AnalysisOptions &options,
    const WantedFunctions &wanted, const FunctionsByName &userFunctionsNamed,
    OwnershipPipelines &pipelines, std::vector<Finding> &mapped,
    std::vector<std::pair<FunctionId, BudgetMeter::Exceeded>> &stopped) {
  AnalysisResult &result = index.result();
  AnalysisResult bufferized;
  bufferized.sharedText = std::make_shared<const std::string>(text);
  std::unique_ptr<ParsedModule> parsed = ParsedModule::parse(
      bufferized.text(), "bufferized", *index.parsed().module()->getContext(),
      bufferized.findings);
  if (!parsed)
    return;
  if (llvm::any_of(bufferized.findings, [](const Finding &f) {
        return f.severity == Severity::Error;
      }))
    return eraseNestedInnermostFirst(parsed->module());
  {
    SourceIndex printed(*parsed, bufferized);
    AnalysisOptions quiet = options;
    quiet.explanations = false; // No finding depends on them.
    // Every stage of a function under its budget, as Analyzer.cpp runs
    // them on a bufferized document: their loops poll the meter.
    FunctionBudgets budgets(bufferized, options.functionBudget);
    auto timed = [&](FunctionId fn, llvm::function_ref<void()> stage) {
      return budgets.run(fn, stage);
    };
    for (FunctionId fn = 0; fn < (FunctionId)bufferized.functions.size(); ++fn)
      if (bufferized.functions[fn].analysed &&
          timed(fn, [&] { computeBufferFacts(printed, fn); }))
        timed(fn, [&] { analyzeClassic(printed, fn, quiet); });
    runOwnershipAnalysis(printed, quiet, timed, &pipelines);
    budgets.finish();
    dropDuplicateClassicPreconditions(bufferized);

    // The printed functions have their user function's name.
    for (auto [fn, why] : budgets.stoppedFunctions()) {
      auto it = wanted.byName.find(bufferized.functions[fn].name);
      if (it != wanted.byName.end())
        stopped.emplace_back(it->second, why);
    }

    Mapper mapper(index, printed, userFunctionsNamed);
    for (const Finding &finding : bufferized.findings) {
      if (!isMappedCode(finding.code))
        continue;
      OpId printedOp = mapper.printedOpAt(finding.range);
      OpId userOp = mapper.userOp(printedOp);
      if (userOp == kNone)
        continue;
      const TensorPlan *plan = wanted.plans[result.ops[userOp].function];
      if (!plan)
        continue;
      if ((finding.code == FindingCode::BL301 ||
           finding.code == FindingCode::BL302) &&
          !aboutItsOnlyAllocation(index, wanted, *plan, userOp,
                                  printed.op(printedOp)))
        continue;
      FunctionId printedFn = bufferized.ops[printedOp].function;
      std::optional<std::string> message =
          mapper.translate(finding.message, printedFn);
      if (!message)
        continue;
      Finding out;
      out.code = finding.code;
      out.severity = finding.severity;
      out.ownSeverity = finding.ownSeverity;
      out.range = result.ops[userOp].nameRange;
      out.message = "once bufferized by One-Shot Bufferize: " + *message;
      for (const RelatedLocation &related : finding.related) {
        OpId relatedOp = mapper.userOp(mapper.printedOpAt(related.range));
        std::optional<std::string> text =
            mapper.translate(related.message, printedFn);
        if (relatedOp != kNone && text)
          out.related.push_back({result.ops[relatedOp].nameRange, *text});
      }
      mapped.push_back(std::move(out));
    }
  }
  eraseNestedInnermostFirst(parsed->module());
}

std::vector<std::pair<FunctionId, BudgetMeter::Exceeded>>
BufferizedFindings::report() {
  std::vector<Finding> mapped;
  std::vector<std::pair<FunctionId, BudgetMeter::Exceeded>> stopped;
  if (texts.empty())
    return stopped;
  WantedFunctions wanted(index.result());
  // Every document is parsed in the user's context and analysed with the
  // same options: one set of upstream's pass managers serves them all.
  OwnershipPipelines pipelines;
  FunctionsByName userFunctionsNamed;
  for (FunctionId id = 0; id < (FunctionId)index.result().functions.size();
       ++id)
    userFunctionsNamed[index.result().functions[id].name].push_back(id);
  for (const std::string &text : texts)
    analyseDocument(index, text, options, wanted, userFunctionsNamed, pipelines,
                    mapped, stopped);
  texts.clear();
  llvm::append_range(index.result().findings, mapped);
  return stopped;
}
