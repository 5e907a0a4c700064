//===- MultiBuffering.cpp - BL303: buffers a loop could multi-buffer ------===//
//
// The multi-buffering RFC (D119406, "Loop double-buffering/multi-buffering"):
// an allocation used in a loop whose iterations first overwrite it whole (a
// `memref.copy` into it) and only then use it carries no value from one
// iteration to the next, so each iteration could have a slice of its own
// (memref::multiBuffer adds a leading dimension and rotates through it),
// breaking the dependence that keeps a pipeliner from overlapping iterations.
//
// Upstream decides, with three guards of ours. The candidate is handed to
// memref::multiBuffer on a scratch copy of the function, and the hint
// appears only where it succeeds *and* the rewritten copy verifies:
// upstream reports success and still leaves invalid IR for dynamic shapes,
// non-index induction variables and values forwarded to loop iter_args.
// Its preconditions are restated here to name the loop and the copy in
// the message: the first user, in use order, that is a copy into the
// buffer and dominates every other user (so a dealloc after the loop,
// which nothing in the loop dominates, rules the buffer out, as upstream's
// exception for deallocs outside loops never applies then); every user in
// a loop; the loop has one induction variable, lower bound, step and
// region, and the allocation dominates it. Our guards, where upstream's
// rewrite would be wrong or the message untrue:
// - the copy must not read the buffer itself (`memref.copy %b, %b` keeps
//   the previous iteration's value);
// - no call may receive the buffer or a subview of it: the rewrite changes
//   their type, and a detached copy of the function cannot check calls;
// - the loop must run its iterations in order (not scf.forall,
//   scf.parallel or affine.parallel), and no dealloc may free it inside.
//
//===----------------------------------------------------------------------===//

#include "analysis/classic/Internal.h"
#include "analysis/ir/DestroyIR.h"
#include "analysis/ir/SourceIndex.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

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

/// Whether `value` is `buffer` or a view of it.
static bool viewsOf(Value value, Value buffer) {
  while (value != buffer) {
    auto view = value.getDefiningOp<ViewLikeOpInterface>();
    if (!view)
      return false;
    value = view.getViewSource();
  }
  return true;
}

/// Whether a call receives `value` or a subview of it (the subviews the
/// rewrite rebuilds with the slice's type).
static bool reachesACall(Value value) {
  for (Operation *user : value.getUsers()) {
    if (isa<CallOpInterface>(user))
      return true;
    if (auto subview = dyn_cast<memref::SubViewOp>(user))
      if (subview.getSource() == value && reachesACall(subview.getResult()))
        return true;
  }
  return false;
}

/// The copy and loop upstream's multiBuffer would pick for `alloc`, if the
/// preconditions it checks before rewriting and our guards hold.
static std::optional<Candidate> findCandidate(memref::AllocOp alloc,
                                              DominanceInfo &dominators) {
  Value buffer = alloc.getResult();
  if (reachesACall(buffer))
    return std::nullopt;
  std::optional<Candidate> found;
  for (Operation *user : buffer.getUsers()) {
    auto loop = user->getParentOfType<LoopLikeOpInterface>();
    if (!loop) {
      if (isa<memref::DeallocOp>(user))
        continue;
      return std::nullopt;
    }
    if (isa<memref::DeallocOp>(user))
      return std::nullopt;
    auto copy = dyn_cast<memref::CopyOp>(user);
    if (!copy || copy.getTarget() != buffer ||
        viewsOf(copy.getSource(), buffer))
      continue;
    if (llvm::any_of(buffer.getUsers(), [&](Operation *other) {
          return !dominators.dominates(user, other);
        }))
      continue;
    found = Candidate{alloc, copy, loop};
    break;
  }
  if (!found ||
      isa<scf::ForallOp, scf::ParallelOp, affine::AffineParallelOp>(
          found->loop.getOperation()) ||
      !found->loop.getSingleInductionVar() ||
      !found->loop.getSingleLowerBound() || !found->loop.getSingleStep() ||
      !llvm::hasSingleElement(found->loop.getLoopRegions()) ||
      !dominators.dominates(alloc.getOperation(), found->loop))
    return std::nullopt;
  return found;
}

/// Whether upstream's transformation succeeds on `alloc` and leaves valid
/// IR, tried on a scratch copy of `function`.
static bool upstreamMultiBuffers(Operation *function, memref::AllocOp alloc) {
  MLIRContext *context = function->getContext();
  // The rewrite builds affine.apply and arith ops.
  context->getOrLoadDialect<affine::AffineDialect>();
  context->getOrLoadDialect<arith::ArithDialect>();
  IRMapping mapping;
  Operation *copy = function->clone(mapping);
  auto allocCopy = cast<memref::AllocOp>(mapping.lookup(alloc.getOperation()));
  bool ok = succeeded(memref::multiBuffer(allocCopy, /*factor=*/2));
  if (ok) {
    ScopedDiagnosticHandler silence(context, [](Diagnostic &) {});
    ok = succeeded(verify(copy));
  }
  eraseNestedInnermostFirst(copy); // Linear (DestroyIR.h).
  copy->erase();
  return ok;
}

void classic::findMultiBufferingCandidates(SourceIndex &index, FunctionId fn,
                                           ClassicPlan &plan) {
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
    plan.multiBuffers.push_back({value, loop, overwrite});
    const std::string &name = result.values[value].name;
    std::string loopName = result.ops[loop].name;
    Finding finding = makeFinding(
        FindingCode::BL303, result.ops[op].nameRange,
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
