//===- Releases.cpp - Step 3: where deallocation frees each allocation ----===//
//
// Runs upstream's ownership-based deallocation
// (`--ownership-based-buffer-deallocation`,
// OwnershipBasedBufferDeallocation.cpp) on the bufferized copy, the way
// `buffer-deallocation-pipeline` starts after One-Shot Bufferize, and reads
// where it lets go of each allocation found in step 2: the
// `bufferization.dealloc` ops it places (at the terminator of the block the
// buffer dies in, with that terminator's location, so the tag names the user's
// `scf.yield` or `func.return`) and the returns that hand a buffer to the
// caller. Canonicalization and the simplification pass are not run: they erase
// allocations whose only users are stores and deallocs, and the allocation is
// what the release is read for.
//
// Which dealloc frees which allocation is upstream's own alias relation,
// BufferViewFlowAnalysis (views, `extract_strided_metadata`'s base buffer,
// region results and block arguments), the one the deallocation pass builds
// on.
//
//===----------------------------------------------------------------------===//

#include "analysis/ir/SourceIndex.h"
#include "analysis/ownership/KnownPassCrashes.h"
#include "analysis/ownership/Pipeline.h"
#include "analysis/ownership/TaggedClone.h"
#include "analysis/tensor/Internal.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Pass/PassManager.h"

using namespace bufferlens;
using namespace bufferlens::tensor;
using namespace mlir;

/// Runs the deallocation pass on the whole copy, or says why it was not
/// run. Its errors (an op with unknown memory effects, a region op without
/// the interfaces it needs) are not the user's concern here: the releases
/// are then unknown, and BL204 on the bufferized IR is where they show.
static bool runDeallocation(const TaggedClone &clone,
                            const AnalysisOptions &options) {
  ModuleOp module = clone.module();
  bool crashes = false;
  module->walk([&](func::FuncOp fn) {
    if (!fn.isExternal() &&
        findKnownPassCrash(fn, options.privateFunctionDynamicOwnership))
      crashes = true;
  });
  if (crashes)
    return false;
  MLIRContext *context = module->getContext();
  PassManager pm(context, ModuleOp::getOperationName());
  // The pass is upstream's and its input verified (the bufferizing run
  // verifies its output); as in the ownership analysis
  // (OwnershipAnalysis.cpp), verifying again after it costs more than the
  // pass itself (on the tensor bench module, 7% of `lint` against 4%) and
  // finds nothing new.
  pm.enableVerifier(false);
  buildOwnershipPipeline(pm, OwnershipStage::Ownership, options);
  ScopedDiagnosticHandler quiet(context,
                                [](Diagnostic &) { return success(); });
  return succeeded(pm.run(module));
}

/// The buffer `value` views: through casts, views and
/// `extract_strided_metadata`'s base buffer, to the value that is not a view
/// of another.
static Value viewRoot(Value value) {
  while (auto view = value.getDefiningOp<ViewLikeOpInterface>())
    value = view.getViewSource();
  return value;
}

static void addRelease(BufferizationEffect &effect, BufferRelease release) {
  if (release.at != kNone && !llvm::is_contained(effect.releases, release))
    effect.releases.push_back(release);
}

/// The clones the pass added at the returns of `fn` (not in `before`): each
/// is made for a returned value, inside an `scf.if` on its ownership
/// indicator whose result the return takes, or taken by the return itself.
static void readReturnClones(const TaggedClone &clone, func::FuncOp fn,
                             const llvm::DenseSet<Operation *> &before,
                             TensorPlan &plan) {
  fn.walk([&](bufferization::CloneOp made) {
    if (before.contains(made))
      return;
    Operation *top = made;
    while (top->getParentOp() != fn)
      top = top->getParentOp();
    bool conditional = false;
    if (auto branch = dyn_cast<scf::IfOp>(top))
      conditional = !matchPattern(branch.getCondition(), m_Zero());
    for (Operation *user : top->getUsers()) {
      if (!isa<func::ReturnOp>(user))
        continue;
      OpId at = clone.originOpOf(user->getLoc());
      if (at == kNone)
        continue;
      auto type = cast<MemRefType>(made.getType());
      TensorPlan::ReturnClone entry;
      entry.effect.op = at;
      llvm::raw_string_ostream os(entry.effect.type);
      os << type;
      entry.effect.bytes = staticBytes(type);
      entry.conditional = conditional;
      plan.returnClones.push_back(std::move(entry));
      return;
    }
  });
}

void tensor::readReleases(const SourceIndex &index, const TaggedClone &clone,
                          llvm::ArrayRef<FunctionId> functions,
                          llvm::ArrayRef<AllocationSite> sites,
                          const AnalysisOptions &options,
                          std::map<FunctionId, TensorPlan> &plans) {
  llvm::DenseSet<Operation *> clonesBefore;
  clone.module()->walk(
      [&](bufferization::CloneOp op) { clonesBefore.insert(op); });
  if (!runDeallocation(clone, options))
    return;
  for (FunctionId fn : functions)
    if (auto copy =
            dyn_cast_or_null<func::FuncOp>(clone.lookup(index.function(fn))))
      readReturnClones(clone, copy, clonesBefore, plans[fn]);
  // One alias analysis per function, built when its first site is read.
  std::map<Operation *, std::unique_ptr<BufferViewFlowAnalysis>> flows;
  for (const AllocationSite &site : sites) {
    auto fn = site.allocation->getParentOfType<func::FuncOp>();
    if (!fn)
      continue;
    std::unique_ptr<BufferViewFlowAnalysis> &flow = flows[fn];
    if (!flow)
      flow = std::make_unique<BufferViewFlowAnalysis>(fn);
    BufferViewFlowAnalysis::ValueSetT aliases =
        flow->resolve(site.allocation->getResult(0));
    BufferizationEffect &effect = plans[site.function].allocations[site.effect];
    effect.releasesKnown = true;
    fn.walk([&](Operation *op) {
      if (auto dealloc = dyn_cast<bufferization::DeallocOp>(op)) {
        for (auto [memref, condition] :
             llvm::zip(dealloc.getMemrefs(), dealloc.getConditions())) {
          // A dealloc never frees a memref that is one of its retained
          // values (the buffer passed on to the caller, a region result or
          // the next iteration): that is where it goes instead.
          if (!aliases.contains(memref) ||
              llvm::any_of(dealloc.getRetained(), [&](Value retained) {
                return viewRoot(retained) == viewRoot(memref);
              }))
            continue;
          BufferRelease release;
          release.kind = matchPattern(condition, m_One())
                             ? BufferRelease::Kind::Freed
                             : BufferRelease::Kind::FreedIfOwned;
          release.at = clone.originOpOf(op->getLoc());
          addRelease(effect, release);
        }
        return;
      }
      if (isa<func::ReturnOp>(op) &&
          llvm::any_of(op->getOperands(),
                       [&](Value v) { return aliases.contains(v); }))
        addRelease(effect, {BufferRelease::Kind::Returned,
                            clone.originOpOf(op->getLoc())});
    });
    // The dealloc at a return frees what it does not retain: of a buffer
    // that is returned, only another instance (an earlier iteration's), and
    // "returned" is what the user needs to read there.
    llvm::erase_if(effect.releases, [&](const BufferRelease &r) {
      return r.kind == BufferRelease::Kind::FreedIfOwned &&
             llvm::is_contained(
                 effect.releases,
                 BufferRelease{BufferRelease::Kind::Returned, r.at});
    });
    llvm::sort(effect.releases,
               [](const BufferRelease &a, const BufferRelease &b) {
                 return std::tie(a.at, a.kind) < std::tie(b.at, b.kind);
               });
  }
}
