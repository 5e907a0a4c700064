//===- MultiBuffering.cpp - BL303: buffers a loop could multi-buffer ------===//
//
// Seed "Loop double-buffering/multi-buffering": an allocation used in a loop
// whose iterations first overwrite it whole (a `memref.copy` into it) and
// only then use it carries no value from one iteration to the next, so each
// iteration could have a slice of its own (memref::multiBuffer adds a
// leading dimension and rotates through it), breaking the dependence that
// keeps a pipeliner from overlapping iterations.
//
// Upstream decides: the candidate is handed to memref::multiBuffer on a
// scratch copy of the function, and the hint appears only where it
// succeeds. The preconditions are restated here only to name the loop and
// the overwriting copy in the message; they are upstream's (first user, in
// use order, that is a copy into the buffer and dominates every other user;
// every user in a loop except deallocs; the loop has one induction
// variable, lower bound, step and region, and the allocation dominates it).
//
//===----------------------------------------------------------------------===//

#include "analysis/SourceIndex.h"
#include "analysis/classic/Internal.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace bufferlens;
using namespace bufferlens::classic;
using namespace mlir;

namespace {
struct Candidate {
  memref::AllocOp alloc;
  memref::CopyOp overwrite;
  LoopLikeOpInterface loop;
};
} // namespace

/// The copy and loop upstream's multiBuffer would pick for `alloc`, if the
/// preconditions it checks before rewriting hold.
static std::optional<Candidate> findCandidate(memref::AllocOp alloc,
                                              DominanceInfo &dominators) {
  Value buffer = alloc.getResult();
  std::optional<Candidate> found;
  for (Operation *user : buffer.getUsers()) {
    auto loop = user->getParentOfType<LoopLikeOpInterface>();
    if (!loop) {
      if (isa<memref::DeallocOp>(user))
        continue;
      return std::nullopt;
    }
    auto copy = dyn_cast<memref::CopyOp>(user);
    if (!copy || copy.getTarget() != buffer)
      continue;
    if (llvm::any_of(buffer.getUsers(), [&](Operation *other) {
          return !dominators.dominates(user, other);
        }))
      continue;
    found = Candidate{alloc, copy, loop};
    break;
  }
  if (!found || !found->loop.getSingleInductionVar() ||
      !found->loop.getSingleLowerBound() || !found->loop.getSingleStep() ||
      !llvm::hasSingleElement(found->loop.getLoopRegions()) ||
      !dominators.dominates(alloc.getOperation(), found->loop))
    return std::nullopt;
  return found;
}

/// Whether upstream's transformation succeeds on `alloc`, tried on a
/// scratch copy of `function`.
static bool upstreamMultiBuffers(Operation *function, memref::AllocOp alloc) {
  MLIRContext *context = function->getContext();
  // The rewrite builds affine.apply and arith ops.
  context->getOrLoadDialect<affine::AffineDialect>();
  context->getOrLoadDialect<arith::ArithDialect>();
  IRMapping mapping;
  Operation *copy = function->clone(mapping);
  auto allocCopy = cast<memref::AllocOp>(mapping.lookup(alloc.getOperation()));
  bool ok = succeeded(memref::multiBuffer(allocCopy, /*factor=*/2));
  copy->erase();
  return ok;
}

void classic::findMultiBufferingCandidates(SourceIndex &index, FunctionId fn) {
  Operation *function = index.function(fn);
  AnalysisResult &result = index.result();
  // Most functions have no allocation used inside a loop: no dominance
  // info or copy for them.
  SmallVector<memref::AllocOp> inLoops;
  function->walk([&](memref::AllocOp alloc) {
    if (llvm::any_of(alloc->getUsers(), [](Operation *user) {
          return user->getParentOfType<LoopLikeOpInterface>() != nullptr;
        }))
      inLoops.push_back(alloc);
  });
  if (inLoops.empty())
    return;
  DominanceInfo dominators(function);
  for (memref::AllocOp alloc : inLoops) {
    std::optional<Candidate> candidate = findCandidate(alloc, dominators);
    if (!candidate || !upstreamMultiBuffers(function, alloc))
      continue;
    ValueId value = index.idOf(alloc.getResult());
    OpId op = index.idOf(alloc.getOperation());
    OpId overwrite = index.idOf(candidate->overwrite.getOperation());
    OpId loop = index.idOf(candidate->loop.getOperation());
    if (value == kNone || op == kNone || overwrite == kNone || loop == kNone)
      continue;
    const std::string &name = result.values[value].name;
    std::string loopName = result.ops[loop].name;
    Finding finding = makeFinding(
        "BL303", result.ops[op].nameRange,
        name + " can be multi-buffered in its " + loopName +
            ": each iteration overwrites it whole (memref.copy) before "
            "using it, so iterations could use slices of their own instead "
            "of depending on one another");
    finding.severity = Severity::Hint;
    finding.related.push_back(
        {result.ops[overwrite].nameRange, "each iteration of the " + loopName +
                                              " overwrites " + name + " here"});
    result.findings.push_back(std::move(finding));
  }
}
