//===- TensorFindings.cpp - Step 4: BL501, BL502, BL503 -------------------===//
//
// One finding per op (findings are one per code and range): BL501 at each op
// whose bufferization copies an out-of-place operand, BL502 at each op whose
// bufferization allocates, BL503 at each op upstream's pass fails on. A
// function the pass fails on gets BL503 only: nothing else is known about
// it. Counts in the messages ("2 copies") keep the findings comparable with
// upstream's output op for op (test/lit/Inputs/compare_bufferized.py).
//
//===----------------------------------------------------------------------===//

#include "analysis/ir/SourceIndex.h"
#include "analysis/tensor/Internal.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace bufferlens;
using namespace bufferlens::tensor;
using namespace mlir;

static std::string name(const AnalysisResult &result, ValueId value) {
  return value == kNone ? std::string("a tensor")
                        : "`" + result.values[value].name + "`";
}

static std::string bytesText(const BufferizationEffect &effect) {
  std::string text = effect.type;
  if (effect.bytes)
    text += ", " + std::to_string(*effect.bytes) + " bytes";
  return text;
}

/// An op inside a loop of its function runs once per iteration, and so
/// does the copy bufferization puts before it.
static bool insideLoop(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp()) {
    if (isa<FunctionOpInterface>(parent))
      return false;
    if (isa<LoopLikeOpInterface>(parent))
      return true;
  }
  return false;
}

/// "operand #1 (`%t`, tensor<4x8xf32>, 128 bytes)".
static std::string operandText(const SourceIndex &index,
                               const OutOfPlaceOperand &o) {
  Operation *op = index.op(o.op);
  return "operand #" + std::to_string(o.operand) + " (" +
         name(index.result(), o.value) + ", " +
         typeAndBytes(op->getOperand(o.operand).getType()) + ")";
}

// Upstream reports the first conflict it meets while testing the operand,
// and which one that is depends on the order of pointer-keyed sets in
// OneShotAnalysis.cpp: two analyses of the same text in one process name
// different reads (and even definitions). The finding says only what every
// run agrees on: the tensor whose buffer would be overwritten and the
// write; the hover shows the conflict upstream reported (TensorBuffers.cpp).
static void addConflict(const SourceIndex &index, const OutOfPlaceOperand &o,
                        Finding &finding) {
  const AnalysisResult &result = index.result();
  if (o.value != kNone)
    finding.related.push_back({result.values[o.value].definition,
                               "definition: " + name(result, o.value)});
  finding.related.push_back(
      {result.ops[o.op].nameRange, "conflicting write: operand #" +
                                       std::to_string(o.operand) + " of `" +
                                       result.ops[o.op].name + "`"});
}

namespace {
/// What a plan decides at one op, in the plan's order: gathered once for
/// all ops, so that reporting stays linear in the plan (20,000
/// allocations in one function spent 8% of `lint` scanning the plan once
/// per op).
struct OpEffects {
  std::vector<const BufferizationEffect *> allocations;
  unsigned copies = 0;
  std::vector<const OutOfPlaceOperand *> outOfPlace;
};
} // namespace

static void reportCopies(SourceIndex &index, const OpEffects &effects,
                         OpId op) {
  AnalysisResult &result = index.result();
  unsigned copies = effects.copies;
  if (copies == 0)
    return;
  Finding finding;
  finding.code = FindingCode::BL501;
  finding.range = result.ops[op].nameRange;
  const std::vector<const OutOfPlaceOperand *> &operands = effects.outOfPlace;
  std::string what;
  for (const OutOfPlaceOperand *o : operands) {
    what += what.empty() ? "" : " and ";
    what += operandText(index, *o);
  }
  std::string &message = finding.message;
  if (copies > 1)
    message = std::to_string(copies) + " copies: ";
  if (operands.empty()) {
    // Upstream's analysis kept every operand in place, yet the op copies:
    // an explicit copy (`bufferization.alloc_tensor() copy(...)`,
    // `materialize_in_destination` into a new buffer) or a view its
    // operand's layout cannot give (`tensor.collapse_shape` of a buffer
    // with a fully dynamic layout). Calling it out of place would contradict
    // the decisions upstream's `test-analysis-only` prints.
    // materialize_in_destination copies into its destination's buffer,
    // new or not (into itself, when the source is the destination).
    const std::string &name = result.ops[op].name;
    message += "`" + name + "` copies its " +
               (name == "bufferization.materialize_in_destination"
                    ? "source into its destination's buffer"
                    : "operand into a new buffer") +
               "; One-Shot Bufferize keeps every operand in place: the copy "
               "is the op's own bufferization";
  } else {
    message += "`" + result.ops[op].name + "` bufferizes out of place: ";
    message += what + (operands.size() > 1 ? " are" : " is") +
               " copied into a new buffer";
  }
  bool loop = insideLoop(index.op(op));
  if (loop) {
    message += " (inside a loop: a copy every iteration)";
    finding.severity = Severity::Warning;
    finding.ownSeverity = true;
  } else {
    finding.severity = Severity::Info;
  }
  for (const OutOfPlaceOperand *o : operands)
    addConflict(index, *o, finding);
  // The path: the definitions whose buffers the op would overwrite, the
  // op, then the first later read that needs the old contents (LaterRead.h;
  // not the read upstream names, which varies between runs).
  for (const OutOfPlaceOperand *o : operands)
    if (o->value != kNone)
      finding.path.push_back({PathStepKind::Allocate,
                              result.values[o->value].definition,
                              name(result, o->value) + " is defined here"});
  // The blocks those steps lie in, in order, for Show path and `graph
  // --finding`.
  auto addBlock = [&](mlir::Block *block) {
    BlockId id = block ? index.idOf(block) : kNone;
    if (id != kNone &&
        (finding.pathBlocks.empty() || finding.pathBlocks.back() != id))
      finding.pathBlocks.push_back(id);
  };
  for (const OutOfPlaceOperand *o : operands)
    if (o->value != kNone)
      addBlock(index.value(o->value).getParentBlock());
  if (!finding.path.empty())
    addBlock(index.op(op)->getBlock());
  // Where upstream names no conflict for any operand, the buffer is one
  // it may not write (NotWritable.cpp), and no read follows.
  bool noConflict = !operands.empty() &&
                    llvm::all_of(operands, [](const OutOfPlaceOperand *o) {
                      return namesNoConflict(*o);
                    });
  std::string because =
      noConflict ? ", into " + notWritableWhy(index, operands.front()->value)
                 : ", whose old contents a later read needs";
  if (noConflict && operands.size() > 1)
    because = ", into buffers One-Shot Bufferize may not write (it names no "
              "conflict)";
  if (!finding.path.empty())
    finding.path.push_back(
        {PathStepKind::Write, result.ops[op].nameRange,
         "`" + result.ops[op].name + "` writes " +
             (what.empty() ? std::string("its operand") : what) + " here" +
             because + ": the write goes to a copy"});
  // Step 3: the earliest of the operands' later reads (LaterRead.h).
  const OutOfPlaceOperand *readOf = nullptr;
  if (!finding.path.empty())
    for (const OutOfPlaceOperand *o : operands)
      if (o->laterRead != kNone &&
          (!readOf || o->laterRead < readOf->laterRead))
        readOf = o;
  if (readOf) {
    OpId readId = readOf->laterRead;
    addBlock(index.op(readId)->getBlock());
    finding.path.push_back(
        {PathStepKind::Read, result.ops[readId].nameRange,
         "`" + result.ops[readId].name + "` reads " +
             name(result, readOf->value) +
             " here, after the write: it needs the old contents"});
  }
  result.findings.push_back(std::move(finding));
}

/// Where deallocation lets go of the allocation, as related locations:
/// "freed here, before `scf.yield`". `named`: the op allocates more than
/// one buffer, so each release says which.
static void addReleases(const AnalysisResult &result,
                        const BufferizationEffect &alloc, bool named,
                        Finding &finding) {
  for (const BufferRelease &release : alloc.releases) {
    const OpEntry &at = result.ops[release.at];
    std::string text = named ? alloc.type + ": " : "";
    switch (release.kind) {
    case BufferRelease::Kind::Freed:
      text += "freed here, before `" + at.name + "`";
      break;
    case BufferRelease::Kind::FreedIfOwned:
      text += "freed here, before `" + at.name +
              "`, when the function still owns it (decided at run time)";
      break;
    case BufferRelease::Kind::Returned:
      text += "returned here: the caller owns it and frees it";
      break;
    case BufferRelease::Kind::FreedUnlessReturned:
      text += "freed here, before `" + at.name +
              "`, unless it is the buffer returned, which the caller then "
              "owns and frees (decided at run time)";
      break;
    }
    finding.related.push_back({at.nameRange, std::move(text)});
  }
}

static void reportAllocations(SourceIndex &index, const OpEffects &effects,
                              OpId op) {
  AnalysisResult &result = index.result();
  const std::vector<const BufferizationEffect *> &allocs = effects.allocations;
  if (allocs.empty())
    return;
  unsigned copies = effects.copies;
  bool outOfPlace = !effects.outOfPlace.empty();
  Finding finding;
  finding.code = FindingCode::BL502;
  finding.severity = Severity::Hint;
  finding.range = result.ops[op].nameRange;
  std::string &message = finding.message;
  if (allocs.size() > 1)
    message = std::to_string(allocs.size()) + " allocations: ";
  message += "One-Shot Bufferize allocates ";
  for (size_t i = 0; i < allocs.size(); ++i)
    message += (i ? " and " : "") + bytesText(*allocs[i]);
  message += " here";
  const std::string &opName = result.ops[op].name;
  if (copies > 0 && outOfPlace)
    message += ", for the copy of an out-of-place operand";
  else if (copies > 0)
    message += ", for the op's own copy of its operand";
  else if (outOfPlace)
    message += ": an operand is bufferized out of place and its old "
               "contents are not read, so nothing is copied";
  else
    message += " (`" + opName + "` bufferizes to a new buffer)";
  for (const BufferizationEffect *alloc : allocs)
    addReleases(result, *alloc, allocs.size() > 1, finding);
  result.findings.push_back(std::move(finding));
}

/// One BL502 per return where the deallocation clones (findings are one
/// per code and range): "clones 2 returned buffers here: A and B".
static void reportReturnClones(SourceIndex &index, const TensorPlan &plan) {
  AnalysisResult &result = index.result();
  std::map<OpId, std::vector<const TensorPlan::ReturnClone *>> byReturn;
  for (const TensorPlan::ReturnClone &made : plan.returnClones)
    byReturn[made.effect.op].push_back(&made);
  for (const auto &[op, clones] : byReturn) {
    bool conditional = llvm::all_of(
        clones, [](const auto *made) { return made->conditional; });
    Finding finding;
    finding.code = FindingCode::BL502;
    finding.severity = Severity::Hint;
    finding.range = result.ops[op].nameRange;
    std::string &message = finding.message;
    message = "ownership-based deallocation clones ";
    message += clones.size() > 1
                   ? std::to_string(clones.size()) + " returned buffers"
                   : std::string("a returned buffer");
    message += " here: ";
    for (size_t i = 0; i < clones.size(); ++i)
      message += (i ? " and " : "") + bytesText(clones[i]->effect);
    message += conditional
                   ? "; only when the function does not own it at run time "
                     "(it may be an argument's buffer), as its caller must "
                     "get a buffer it owns"
                   : "; the function does not own it (an argument's buffer "
                     "or a view of one), and its caller must get a buffer "
                     "it owns";
    result.findings.push_back(std::move(finding));
  }
}

std::vector<Finding> tensor::failureFindings(const TensorPlan &plan) {
  std::vector<Finding> findings;
  for (const TensorPlan::Failure &failure : plan.failures) {
    Finding finding;
    finding.code = FindingCode::BL503;
    finding.severity = Severity::Error;
    finding.range = failure.range;
    finding.message = "One-Shot Bufferize fails here: " + failure.message;
    findings.push_back(std::move(finding));
  }
  return findings;
}

void tensor::reportTensorFindings(SourceIndex &index, const TensorPlan &plan) {
  AnalysisResult &result = index.result();
  if (!plan.bufferized) {
    llvm::append_range(result.findings, failureFindings(plan));
    return;
  }
  reportReturnClones(index, plan);
  // In the order of the ops, each op once: an op with an allocation or a
  // copy.
  std::map<OpId, OpEffects> byOp;
  for (const BufferizationEffect &e : plan.allocations)
    byOp[e.op].allocations.push_back(&e);
  for (const BufferizationEffect &e : plan.copies)
    ++byOp[e.op].copies;
  for (const OutOfPlaceOperand &o : plan.outOfPlace)
    if (auto it = byOp.find(o.op); it != byOp.end())
      it->second.outOfPlace.push_back(&o);
  for (const auto &[op, effects] : byOp) {
    reportCopies(index, effects, op);
    reportAllocations(index, effects, op);
  }
}
