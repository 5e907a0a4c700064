//===- BufferizedFindings.cpp ---------------------------------------------===//
//
// Each batch's bufferized copy (upstream's pass, as the tensor view runs
// it: tensor/TensorAnalysis.cpp) is copied with each op located at the one
// user op its tags name (BufferizedCopy.cpp), indexed as a document of its
// own (ParsedModule::adopt) and analysed as Analyzer.cpp analyses a
// bufferized document: buffer facts, the classic plan, the ownership
// analysis, each function under its budget. Its findings come back through
// those locations; which of them are reported waits for the plans.
//
//===----------------------------------------------------------------------===//

#include "analysis/tensormemref/BufferizedFindings.h"
#include "analysis/classic/ClassicAnalysis.h"
#include "analysis/ir/BufferFacts.h"
#include "analysis/ir/DestroyIR.h"
#include "analysis/ir/ParsedModule.h"
#include "analysis/ir/SourceIndex.h"
#include "analysis/model/FindingCodes.h"
#include "analysis/ownership/OwnershipAnalysis.h"
#include "analysis/ownership/TaggedClone.h"
#include "analysis/tensormemref/BufferizedCopy.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"

#include <map>
#include <optional>
#include <set>

using namespace bufferlens;
using namespace mlir;

namespace {
/// The user's functions by name, each with its ids in increasing order:
/// built once for every copy.
using FunctionsByName = llvm::StringMap<std::vector<FunctionId>>;

/// The copy, analysed, and the way back to the user's text. Its ops and
/// values are found from the layout itself (SourceIndex::laidOutOpAt,
/// laidOutValueNamed); the user's functions by name in a table built once
/// per copy.
struct Mapper {
  const SourceIndex &user;
  const SourceIndex &copied;
  const FunctionsByName &userFunctionsNamed;

  Mapper(const SourceIndex &user, const SourceIndex &copied,
         const FunctionsByName &userFunctionsNamed)
      : user(user), copied(copied), userFunctionsNamed(userFunctionsNamed) {}

  /// The copy's value `name` of `copiedFn`, or kNone.
  ValueId valueOf(FunctionId copiedFn, const std::string &name) const {
    ValueId id = copied.laidOutValueNamed(name);
    return id != kNone && copied.result().values[id].function == copiedFn
               ? id
               : kNone;
  }

  /// The copy's functions whose entry block is labelled ^bb0.
  mutable std::optional<std::set<FunctionId>> entryBlocksAtBb0;

  /// Whether `copiedFn`'s entry block is labelled ^bb0.
  bool entryBlockIsBb0(FunctionId copiedFn) const {
    if (!entryBlocksAtBb0) {
      entryBlocksAtBb0.emplace();
      for (const BlockEntry &block : copied.result().blocks)
        if (block.parentOp == kNone && block.label == "^bb0")
          entryBlocksAtBb0->insert(block.function);
    }
    return entryBlocksAtBb0->count(copiedFn) != 0;
  }

  OpId copiedOpAt(SourceRange range) const {
    return copied.laidOutOpAt(range.begin);
  }

  /// The user's op an op of the copy stands for.
  OpId userOp(OpId copiedOp) const {
    return copiedOp == kNone
               ? kNone
               : copiedOrigin(user, copied.op(copiedOp)->getLoc());
  }

  /// "the buffer of `%e`" for a memref of the copy that stands for the user's
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
      FunctionId copiedFn = copied.functionIdOf(fn);
      if (copiedFn == kNone)
        return std::nullopt;
      const std::string &name = copied.result().functions[copiedFn].name;
      auto named = userFunctionsNamed.find(name);
      if (named != userFunctionsNamed.end())
        for (FunctionId id : llvm::reverse(named->second))
          if (user.function(id).getNumArguments() > arg.getArgNumber()) {
            original = user.function(id).getArgument(arg.getArgNumber());
            break;
          }
    } else {
      Operation *defining = value.getDefiningOp();
      OpId origin = userOp(copied.idOf(defining));
      if (origin != kNone && isa<memref::AllocOp>(defining) &&
          resultMayNotBeTheCopy(user.op(origin)))
        if (std::optional<std::string> copy = copyOfOperand(value, origin))
          return copy;
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

  /// Whether `op`'s out-of-place operand copies may be other buffers than
  /// its results: a call's results are the callee's buffers, a select's
  /// either operand's, a loop's or branch's those its regions yield.
  /// (Elsewhere, tensor.cast or tensor.insert, the op's result is its
  /// operand's copy.)
  static bool resultMayNotBeTheCopy(Operation *op) {
    return isa<CallOpInterface, RegionBranchOpInterface, arith::SelectOp>(op);
  }

  /// "a copy of the buffer of `%t`" for an allocation at `origin` that is
  /// the target of a copy whose source is a buffer of another op's: the
  /// copy of an operand bufferized out of place. Without a copy (the old
  /// contents are not read), the result's name stays.
  std::optional<std::string> copyOfOperand(Value allocation,
                                           OpId origin) const {
    for (Operation *user : allocation.getUsers())
      if (auto copy = dyn_cast<memref::CopyOp>(user);
          copy && copy.getTarget() == allocation) {
        Operation *source = copy.getSource().getDefiningOp();
        if (source && userOp(copied.idOf(source)) == origin)
          return std::nullopt;
        if (std::optional<std::string> name = bufferName(copy.getSource()))
          return "a copy of " + *name;
      }
    return newBufferForCallOperand(allocation, origin);
  }

  /// "a new buffer for `%t`" for an allocation passed, uncopied (the
  /// callee does not read it), as operand i of the call standing for the
  /// user's call `origin`: where the callee returns it, the result's name
  /// would name it twice. A call's operands keep their order in the copy.
  std::optional<std::string> newBufferForCallOperand(Value allocation,
                                                     OpId origin) const {
    auto userCall = dyn_cast<CallOpInterface>(user.op(origin));
    if (!userCall)
      return std::nullopt;
    llvm::SmallVector<Value> passed{allocation};
    for (Operation *use : allocation.getUsers())
      if (auto cast = dyn_cast<memref::CastOp>(use))
        passed.push_back(cast.getResult());
    for (Value value : passed)
      for (OpOperand &use : value.getUses()) {
        auto call = dyn_cast<CallOpInterface>(use.getOwner());
        if (!call || userOp(copied.idOf(call)) != origin ||
            call->getNumOperands() != userCall->getNumOperands())
          continue;
        Value operand = userCall->getOperand(use.getOperandNumber());
        ValueId id = user.idOf(operand);
        if (id == kNone || !isa<TensorType>(operand.getType()))
          return std::nullopt;
        return "a new buffer for `" + user.result().values[id].name + "`";
      }
    return std::nullopt;
  }

  /// `message` with each value of the copy named as the user's buffer, and an
  /// entry block's label kept; nullopt when a name has no exact
  /// counterpart.
  std::optional<std::string> translate(const std::string &message,
                                       FunctionId copiedFn) const {
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
        if (name != "^bb0" || !entryBlockIsBb0(copiedFn))
          return std::nullopt;
        out += name;
        continue;
      }
      ValueId named = valueOf(copiedFn, name);
      if (named == kNone)
        return std::nullopt;
      std::optional<std::string> buffer = bufferName(copied.value(named));
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

struct BufferizedFindings::Candidate {
  Finding finding; // At the user's op, in the user's names.
  OpId userOp;
  /// Whether the copy's op is a `memref.alloc` that the user's op's
  /// bufferization made: BL301 and BL302 are about one allocation, and
  /// need that op to be the only one the user's op made (its plan says).
  bool madeAllocation;
};

struct BufferizedFindings::State {
  mlir::OwningOpRef<mlir::ModuleOp> kept;
  std::vector<Candidate> candidates;
  /// The copies' functions past their budget, by name (a copy's function
  /// has its user function's name).
  std::vector<std::pair<std::string, BudgetMeter::Exceeded>> stoppedByName;
  /// One set of upstream's pass managers for every copy: each is in the
  /// user's context and analysed with the same options.
  OwnershipPipelines pipelines;
  /// Built at the first copy.
  std::optional<FunctionsByName> userFunctionsNamed;
};

BufferizedFindings::BufferizedFindings(SourceIndex &index,
                                       const AnalysisOptions &options)
    : index(index), options(options), state(std::make_unique<State>()) {}

BufferizedFindings::~BufferizedFindings() {
  if (state->kept)
    eraseNestedInnermostFirst(state->kept.get()); // Linear (DestroyIR.h).
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
  if (allocating.empty())
    return;
  analyseKept();
  state->kept = copyBufferizedFunctions(index, clone, allocating);
}

void BufferizedFindings::analyseKept() {
  if (!state->kept)
    return;
  if (!state->userFunctionsNamed) {
    state->userFunctionsNamed.emplace();
    for (FunctionId id = 0; id < (FunctionId)index.result().functions.size();
         ++id)
      (*state->userFunctionsNamed)[index.result().functions[id].name].push_back(
          id);
  }
  const AnalysisResult &result = index.result();
  std::unique_ptr<ParsedModule> copy =
      ParsedModule::adopt(std::move(state->kept), "bufferized");
  AnalysisResult bufferized;
  bufferized.sharedText = std::make_shared<const std::string>(copy->text());
  {
    SourceIndex copied(*copy, bufferized);
    AnalysisOptions quiet = options;
    quiet.explanations = false; // No finding depends on them.
    // Only the mapped codes are read: the stages of the others are skipped
    // (analyzeClassic).
    for (const FindingCodeInfo &info : allFindingCodes())
      if (!isMappedCode(info.code))
        quiet.enabled[info.code] = false;
    // Every stage of a function under its budget, as Analyzer.cpp runs
    // them on a bufferized document: their loops poll the meter.
    FunctionBudgets budgets(bufferized, options.functionBudget);
    auto timed = [&](FunctionId fn, llvm::function_ref<void()> stage) {
      return budgets.run(fn, stage);
    };
    for (FunctionId fn = 0; fn < (FunctionId)bufferized.functions.size(); ++fn)
      if (bufferized.functions[fn].analysed &&
          timed(fn, [&] { computeBufferFacts(copied, fn); }))
        timed(fn, [&] { analyzeClassic(copied, fn, quiet); });
    runOwnershipAnalysis(copied, quiet, timed, &state->pipelines);
    budgets.finish();
    dropDuplicateClassicPreconditions(bufferized);

    for (auto [fn, why] : budgets.stoppedFunctions())
      state->stoppedByName.emplace_back(bufferized.functions[fn].name, why);

    Mapper mapper(index, copied, *state->userFunctionsNamed);
    for (const Finding &finding : bufferized.findings) {
      if (!isMappedCode(finding.code))
        continue;
      OpId copiedOp = mapper.copiedOpAt(finding.range);
      OpId userOp = mapper.userOp(copiedOp);
      if (userOp == kNone)
        continue;
      FunctionId copiedFn = bufferized.ops[copiedOp].function;
      std::optional<std::string> message =
          mapper.translate(finding.message, copiedFn);
      if (!message)
        continue;
      Candidate candidate;
      candidate.userOp = userOp;
      Operation *op = copied.op(copiedOp);
      candidate.madeAllocation = isa<memref::AllocOp>(op) &&
                                 index.op(userOp)->getName() != op->getName();
      Finding &out = candidate.finding;
      out.code = finding.code;
      out.severity = finding.severity;
      out.ownSeverity = finding.ownSeverity;
      out.range = result.ops[userOp].nameRange;
      out.message = "once bufferized by One-Shot Bufferize: " + *message;
      for (const RelatedLocation &related : finding.related) {
        OpId relatedOp = mapper.userOp(mapper.copiedOpAt(related.range));
        std::optional<std::string> text =
            mapper.translate(related.message, copiedFn);
        if (relatedOp != kNone && text)
          out.related.push_back({result.ops[relatedOp].nameRange, *text});
      }
      state->candidates.push_back(std::move(candidate));
    }
  }
  eraseNestedInnermostFirst(copy->module());
}

std::vector<std::pair<FunctionId, BudgetMeter::Exceeded>>
BufferizedFindings::report() {
  analyseKept();
  std::vector<std::pair<FunctionId, BudgetMeter::Exceeded>> stopped;
  WantedFunctions wanted(index.result());
  for (auto &[name, why] : state->stoppedByName) {
    auto it = wanted.byName.find(name);
    if (it != wanted.byName.end())
      stopped.emplace_back(it->second, why);
  }
  std::vector<Finding> &findings = index.result().findings;
  for (Candidate &candidate : state->candidates) {
    const TensorPlan *plan =
        wanted.plans[index.result().ops[candidate.userOp].function];
    if (!plan)
      continue;
    if (candidate.finding.code == FindingCode::BL301 ||
        candidate.finding.code == FindingCode::BL302) {
      auto it = wanted.allocationsAt.find({plan, candidate.userOp});
      if (!candidate.madeAllocation || it == wanted.allocationsAt.end() ||
          it->second != 1)
        continue;
    }
    findings.push_back(std::move(candidate.finding));
  }
  state->candidates.clear();
  state->stoppedByName.clear();
  return stopped;
}
