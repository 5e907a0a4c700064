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
// on. It is read in time linear in the function: one walk collects what
// each dealloc and return lets go of, by value, and the classic plan's
// AliasFold joins that over each allocation's alias set once per strongly
// connected component (reading it per allocation, with a walk of the
// function each, took 237 s of CPU on a function of 30,000 copies:
// bench/README.md). The reading polls a BudgetMeter per function, as every
// per-function stage does (FunctionBudget.h).
//
//===----------------------------------------------------------------------===//

#include "analysis/FunctionBudget.h"
#include "analysis/classic/AliasClosure.h"
#include "analysis/ir/BufferFacts.h"
#include "analysis/ir/SourceIndex.h"
#include "analysis/ir/ViewFlowGraph.h"
#include "analysis/ownership/KnownPassCrashes.h"
#include "analysis/ownership/Pipeline.h"
#include "analysis/ownership/TaggedClone.h"
#include "analysis/tensor/Internal.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
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
/// The run is guarded as One-Shot Bufferize's are (PassLimits.h): a crash
/// leaves the releases unknown, and a run over the limits stops the
/// function when it is the copy's only one (several together are not
/// narrowed down: the run stands).
static bool runDeallocation(const TaggedClone &clone,
                            llvm::ArrayRef<FunctionId> functions,
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
  GuardedRun run = runGuarded([&] { return succeeded(pm.run(module)); },
                              /*annotating=*/false);
  if (run.crashed) {
    clone.leakModule(); // Its IR stopped mid-rewrite: not destroyed.
    return false;
  }
  if (std::optional<TensorPassLimits::Exceeded> exceeded =
          exceededLimits(run)) {
    if (functions.size() == 1) {
      currentTensorPassLimits()->exceeded.push_back(
          {functions.front(), *exceeded});
      return false;
    }
  }
  return run.succeeded;
}

/// The buffer `value` views: through casts, views and
/// `extract_strided_metadata`'s base buffer, to the value that is not a view
/// of another.
static Value viewRoot(Value value) {
  while (auto view = value.getDefiningOp<ViewLikeOpInterface>())
    value = view.getViewSource();
  return value;
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
      entry.effect.bytes = staticSizeInBytes(type);
      entry.conditional = conditional;
      plan.returnClones.push_back(std::move(entry));
      return;
    }
  });
}

namespace {
/// Where the deallocation pass lets go of the buffers of one function, by
/// the value it lets go of: each `bufferization.dealloc` operand it frees
/// (not one it retains) and each returned value. One walk of the function.
class ReleasePoints {
public:
  ReleasePoints(const TaggedClone &clone, func::FuncOp fn) {
    fn.walk([&](Operation *op) {
      if (auto dealloc = dyn_cast<bufferization::DeallocOp>(op))
        return addDealloc(clone, dealloc);
      if (isa<func::ReturnOp>(op))
        for (Value returned : op->getOperands())
          add(returned,
              {BufferRelease::Kind::Returned, clone.originOpOf(op->getLoc())});
    });
  }

  /// The releases of `value` alone (not of its aliases).
  llvm::ArrayRef<BufferRelease> of(Value value) const {
    auto it = releases.find(value);
    if (it == releases.end())
      return {};
    return it->second;
  }

private:
  void addDealloc(const TaggedClone &clone, bufferization::DeallocOp dealloc) {
    // A dealloc never frees a memref that is one of its retained values
    // (the buffer passed on to the caller, a region result or the next
    // iteration): that is where it goes instead.
    llvm::SmallPtrSet<Value, 4> retained;
    for (Value value : dealloc.getRetained())
      retained.insert(viewRoot(value));
    OpId at = clone.originOpOf(dealloc->getLoc());
    for (auto [memref, condition] :
         llvm::zip(dealloc.getMemrefs(), dealloc.getConditions())) {
      if (retained.contains(viewRoot(memref)))
        continue;
      add(memref,
          {matchPattern(condition, m_One()) ? BufferRelease::Kind::Freed
                                            : BufferRelease::Kind::FreedIfOwned,
           at});
    }
  }

  void add(Value value, BufferRelease release) {
    if (release.at == kNone)
      return;
    llvm::SmallVector<BufferRelease, 1> &list = releases[value];
    if (!llvm::is_contained(list, release))
      list.push_back(release);
  }

  llvm::DenseMap<Value, llvm::SmallVector<BufferRelease, 1>> releases;
};

using Releases = llvm::SmallVector<BufferRelease, 2>;

/// The union of two sets of releases (AliasFold's join: associative,
/// commutative, idempotent).
void joinReleases(Releases &into, const Releases &from) {
  for (const BufferRelease &release : from)
    if (!llvm::is_contained(into, release))
      into.push_back(release);
}

/// The meter of one function's reading: the limits the tensor passes run
/// under on this thread (PassLimits.h) and the poll backstop, as
/// FunctionBudgets::run builds one for the other stages. Unbounded when no
/// limits are in force: nobody would hear that the function stopped.
BudgetMeter releaseMeter(const TensorPassLimits *limits) {
  if (!limits)
    return BudgetMeter();
  std::optional<BudgetMeter::Clock::time_point> deadline;
  if (limits->milliseconds)
    deadline = BudgetMeter::Clock::now() +
               std::chrono::milliseconds(limits->milliseconds);
  return BudgetMeter(deadline, limits->memoryBytes, budgetBackstops().polls);
}
} // namespace

/// The releases of every site of one function. Which dealloc or return
/// lets go of an allocation is a question about its whole alias set
/// (BufferViewFlowAnalysis::resolve): AliasFold answers it once per
/// strongly connected component of the alias graph, so a function with N
/// allocations costs its size, not N walks of it. False when the meter
/// stopped it.
static bool readFunctionReleases(const TaggedClone &clone, func::FuncOp fn,
                                 llvm::ArrayRef<const AllocationSite *> sites,
                                 std::map<FunctionId, TensorPlan> &plans) {
  ReleasePoints points(clone, fn);
  // Upstream's dependencies from the IR, without building its analysis
  // (analysis/ir/ViewFlowGraph.h says what that saves).
  classic::AliasClosure closure(ViewFlowGraph::build(fn));
  classic::AliasFold<Releases> releasesOf(
      closure,
      [&](Value value, const void *) {
        llvm::ArrayRef<BufferRelease> own = points.of(value);
        return Releases(own.begin(), own.end());
      },
      joinReleases);
  for (const AllocationSite *site : sites) {
    Releases found = releasesOf.get(site->allocation->getResult(0));
    if (budgetExhausted())
      return false;
    BufferizationEffect &effect =
        plans[site->function].allocations[site->effect];
    effect.releasesKnown = true;
    effect.releases.assign(found.begin(), found.end());
    // The dealloc at a return frees what it does not retain: of a buffer
    // that is returned, only another instance (an earlier iteration's), and
    // "returned" is what the user needs to read there.
    llvm::erase_if(effect.releases, [&](const BufferRelease &r) {
      return r.kind == BufferRelease::Kind::FreedIfOwned &&
             llvm::is_contained(
                 effect.releases,
                 BufferRelease{BufferRelease::Kind::Returned, r.at});
    });
    // Freed unconditionally there too: then "freed" and "returned" would
    // contradict each other, and which one happens is decided at run time
    // (whether the returned value is this buffer or deallocation's clone
    // of it), so they are one release.
    for (BufferRelease &r : effect.releases)
      if (r.kind == BufferRelease::Kind::Freed &&
          llvm::is_contained(
              effect.releases,
              BufferRelease{BufferRelease::Kind::Returned, r.at}))
        r.kind = BufferRelease::Kind::FreedUnlessReturned;
    llvm::erase_if(effect.releases, [&](const BufferRelease &r) {
      return r.kind == BufferRelease::Kind::Returned &&
             llvm::is_contained(
                 effect.releases,
                 BufferRelease{BufferRelease::Kind::FreedUnlessReturned, r.at});
    });
    // Freed there unconditionally under one name (the allocation), and
    // when owned under another (a loop's or `scf.if`'s result carrying
    // it): one dealloc frees a buffer once, and "freed here" says it.
    llvm::erase_if(effect.releases, [&](const BufferRelease &r) {
      return r.kind == BufferRelease::Kind::FreedIfOwned &&
             llvm::is_contained(
                 effect.releases,
                 BufferRelease{BufferRelease::Kind::Freed, r.at});
    });
    llvm::sort(effect.releases,
               [](const BufferRelease &a, const BufferRelease &b) {
                 return std::tie(a.at, a.kind) < std::tie(b.at, b.kind);
               });
  }
  return true;
}

void tensor::readReleases(const SourceIndex &index, const TaggedClone &clone,
                          llvm::ArrayRef<FunctionId> functions,
                          llvm::ArrayRef<AllocationSite> sites,
                          const AnalysisOptions &options,
                          std::map<FunctionId, TensorPlan> &plans) {
  llvm::DenseSet<Operation *> clonesBefore;
  clone.module()->walk(
      [&](bufferization::CloneOp op) { clonesBefore.insert(op); });
  if (!runDeallocation(clone, functions, options))
    return;
  for (FunctionId fn : functions)
    if (auto copy =
            dyn_cast_or_null<func::FuncOp>(clone.lookup(index.function(fn))))
      readReturnClones(clone, copy, clonesBefore, plans[fn]);
  // The sites by the function of the copy they are in, in the order of
  // their first site.
  std::vector<std::pair<func::FuncOp, std::vector<const AllocationSite *>>>
      byFunction;
  llvm::DenseMap<Operation *, size_t> position;
  for (const AllocationSite &site : sites) {
    auto fn = site.allocation->getParentOfType<func::FuncOp>();
    if (!fn)
      continue;
    auto [it, inserted] = position.try_emplace(fn, byFunction.size());
    if (inserted)
      byFunction.push_back({fn, {}});
    byFunction[it->second].second.push_back(&site);
  }
  TensorPassLimits *limits = currentTensorPassLimits();
  for (auto &[fn, fnSites] : byFunction) {
    BudgetMeter meter = releaseMeter(limits);
    {
      ScopedBudgetMeter scope(meter);
      if (readFunctionReleases(clone, fn, fnSites, plans))
        continue;
    }
    // Stopped midway: none of what it read stays, and the function is
    // reported past its budget as one past it in the pass (Analyzer.cpp).
    for (const AllocationSite *site : fnSites) {
      BufferizationEffect &effect =
          plans[site->function].allocations[site->effect];
      effect.releasesKnown = false;
      effect.releases.clear();
    }
    limits->exceeded.push_back(
        {fnSites.front()->function, meter.whyExhausted()});
  }
}
