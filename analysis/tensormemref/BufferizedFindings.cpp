//===- BufferizedFindings.cpp ---------------------------------------------===//
//
// The bufferized copy (upstream's pass, as the tensor view runs it:
// tensor/FailureIsolation.cpp) is printed with each op's location set to
// the one user op its tags name (none when they name several, as for ops
// a pass fused), parsed again as a document of its own and analysed as
// Analyzer.cpp analyses a bufferized document: buffer facts, the classic
// plan, the ownership analysis. Its findings come back through those
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
#include "analysis/tensor/Internal.h"
#include "analysis/tensor/PassOptions.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/OperationSupport.h"

#include <map>
#include <regex>
#include <set>

using namespace bufferlens;
using namespace mlir;

static constexpr llvm::StringLiteral kOrigin = "bufferlens.op.";

/// The user's op every tag in `loc` names, or kNone when they name none
/// or several.
static OpId singleOrigin(const TaggedClone &clone, Location loc) {
  std::set<OpId> origins;
  loc->walk([&](Location inner) {
    if (isa<OpaqueLoc>(inner))
      if (OpId id = clone.originOpOf(inner); id != kNone)
        origins.insert(id);
    return WalkResult::advance();
  });
  return origins.size() == 1 ? *origins.begin() : kNone;
}

/// The user's op a location of the printed copy names, or kNone.
static OpId originOf(Location loc) {
  auto name = dyn_cast<NameLoc>(loc);
  if (!name || !name.getName().getValue().starts_with(kOrigin))
    return kNone;
  unsigned id = 0;
  if (name.getName().getValue().drop_front(kOrigin.size()).getAsInteger(10, id))
    return kNone;
  return static_cast<OpId>(id);
}

/// `copy`'s text, each op located at the one user op it stands for.
static std::string printWithOrigins(const TaggedClone &clone) {
  MLIRContext *context = clone.module()->getContext();
  Location unknown = UnknownLoc::get(context);
  clone.module()->walk([&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          arg.setLoc(unknown);
    if (isa<ModuleOp>(op))
      return;
    OpId id = singleOrigin(clone, op->getLoc());
    op->setLoc(id == kNone ? unknown
                           : Location(NameLoc::get(StringAttr::get(
                                 context, kOrigin + std::to_string(id)))));
  });
  std::string text;
  llvm::raw_string_ostream os(text);
  OpPrintingFlags flags;
  flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
  clone.module()->print(os, flags);
  return text;
}

namespace {
/// The printed copy, analysed, and the way back to the user's text.
struct Mapper {
  const SourceIndex &user;
  const SourceIndex &printed;
  std::map<uint32_t, OpId> opAt; // Printed ops by name offset.

  OpId printedOpAt(SourceRange range) const {
    auto it = opAt.find(range.begin);
    return it == opAt.end() ? kNone : it->second;
  }

  /// The user's op a printed op stands for.
  OpId userOp(OpId printedOp) const {
    return printedOp == kNone ? kNone
                              : originOf(printed.op(printedOp)->getLoc());
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
      for (FunctionId id = 0; id < (FunctionId)user.result().functions.size();
           ++id)
        if (user.result().functions[id].name == name &&
            user.function(id).getNumArguments() > arg.getArgNumber())
          original = user.function(id).getArgument(arg.getArgNumber());
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
    static const std::regex token("([%^])([A-Za-z0-9_#]+)");
    const AnalysisResult &result = printed.result();
    std::string out;
    auto last = message.cbegin();
    for (std::sregex_iterator it(message.begin(), message.end(), token), end;
         it != end; ++it) {
      const std::smatch &match = *it;
      out.append(last, match[0].first);
      last = match[0].second;
      std::string name = match.str(0);
      if (match.str(1) == "^") {
        // Only the function's entry block: the user's has the same label
        // (BlockNames.h: ^bb0 when unlabelled).
        bool entry = false;
        for (const BlockEntry &block : result.blocks)
          if (block.function == printedFn && block.label == name &&
              block.parentOp == kNone)
            entry = true;
        if (!entry || name != "^bb0")
          return std::nullopt;
        out += name;
        continue;
      }
      std::optional<std::string> buffer;
      for (ValueId id = 0; id < (ValueId)result.values.size(); ++id)
        if (result.values[id].function == printedFn &&
            result.values[id].name == name)
          buffer = bufferName(printed.value(id));
      if (!buffer)
        return std::nullopt;
      out += *buffer;
    }
    out.append(last, message.cend());
    return out;
  }
};
} // namespace

static bool isMappedCode(FindingCode code) {
  return code == FindingCode::BL203 || code == FindingCode::BL204 ||
         code == FindingCode::BL301 || code == FindingCode::BL302;
}

/// BL301 and BL302 are about one allocation: the printed op must be a
/// `memref.alloc` that the user's op's bufferization made, and the only
/// one it made.
static bool aboutItsOnlyAllocation(const SourceIndex &user, OpId userOp,
                                   Operation *printedOp) {
  if (!isa<memref::AllocOp>(printedOp) ||
      user.op(userOp)->getName() == printedOp->getName())
    return false;
  const TensorPlan *plan =
      user.result().tensorPlan(user.result().ops[userOp].function);
  return plan && llvm::count_if(plan->allocations, [&](const auto &alloc) {
                   return alloc.op == userOp;
                 }) == 1;
}

void bufferlens::reportBufferizedFindings(SourceIndex &index,
                                          llvm::ArrayRef<FunctionId> functions,
                                          const AnalysisOptions &options) {
  AnalysisResult &result = index.result();
  std::vector<FunctionId> allocating;
  // Only functions whose next step is deallocation: in a module already
  // past the deallocation pipeline (Analyzer.cpp, decideStage), what that
  // pipeline would do with them is not a question.
  for (FunctionId fn : functions)
    if (const TensorPlan *plan = result.tensorPlan(fn);
        plan && plan->bufferized && !plan->allocations.empty() &&
        result.functions[fn].stage == Stage::Bufferized)
      allocating.push_back(fn);
  if (allocating.empty())
    return;

  std::string printedText;
  {
    TaggedClone clone(index, allocating,
                      TaggedClone::symbolsOf(index.parsed().module()));
    std::vector<tensor::PassError> errors;
    OneShotPassOptions pass = chooseOneShotOptions(result.text(), options);
    if (tensor::invalidOneShotOptions(pass.text))
      pass.text = "bufferize-function-boundaries";
    // Under the function budget: a run past it proves nothing here.
    TensorPassLimits limits;
    limits.milliseconds = options.functionBudget.milliseconds;
    if (options.functionBudget.megabytes <= (UINT64_MAX >> 20))
      limits.memoryBytes = options.functionBudget.megabytes << 20;
    ScopedTensorPassLimits scope(limits);
    if (!tensor::runOneShotBufferize(index, clone, tensor::PassMode::Bufferize,
                                     pass.text, errors) ||
        !limits.exceeded.empty())
      return;
    printedText = printWithOrigins(clone);
  }

  AnalysisResult bufferized;
  bufferized.sharedText = std::make_shared<const std::string>(printedText);
  std::unique_ptr<ParsedModule> parsed = ParsedModule::parse(
      bufferized.text(), "bufferized", *index.parsed().module()->getContext(),
      bufferized.findings);
  if (!parsed)
    return;
  if (llvm::any_of(bufferized.findings, [](const Finding &f) {
        return f.severity == Severity::Error;
      }))
    return eraseNestedInnermostFirst(parsed->module());
  std::vector<Finding> mapped;
  {
    SourceIndex printed(*parsed, bufferized);
    AnalysisOptions quiet = options;
    quiet.explanations = false; // No finding depends on them.
    for (FunctionId fn = 0; fn < (FunctionId)bufferized.functions.size(); ++fn)
      if (bufferized.functions[fn].analysed) {
        computeBufferFacts(printed, fn);
        analyzeClassic(printed, fn, quiet);
      }
    runOwnershipAnalysis(printed, quiet);
    dropDuplicateClassicPreconditions(bufferized);

    Mapper mapper{index, printed, {}};
    for (OpId id = 0; id < (OpId)bufferized.ops.size(); ++id)
      mapper.opAt[bufferized.ops[id].nameRange.begin] = id;
    for (const Finding &finding : bufferized.findings) {
      if (!isMappedCode(finding.code))
        continue;
      OpId printedOp = mapper.printedOpAt(finding.range);
      OpId userOp = mapper.userOp(printedOp);
      if (userOp == kNone)
        continue;
      if ((finding.code == FindingCode::BL301 ||
           finding.code == FindingCode::BL302) &&
          !aboutItsOnlyAllocation(index, userOp, printed.op(printedOp)))
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
  llvm::append_range(result.findings, mapped);
}
