//===- OwnershipAnalysis.cpp ----------------------------------------------===//

#include "analysis/ownership/OwnershipAnalysis.h"
#include "analysis/ir/BufferFacts.h"
#include "analysis/ir/DestroyIR.h"
#include "analysis/ir/RegionNesting.h"
#include "analysis/ir/SourceIndex.h"
#include "analysis/model/Origins.h"
#include "analysis/ownership/AliasCheckProof.h"
#include "analysis/ownership/DynamicOwnershipAbi.h"
#include "analysis/ownership/IsolatedFunction.h"
#include "analysis/ownership/KnownPassCrashes.h"
#include "analysis/ownership/LoweredAliasChecks.h"
#include "analysis/ownership/Pipeline.h"
#include "analysis/ownership/Preconditions.h"
#include "analysis/ownership/ReturnedArguments.h"
#include "analysis/ownership/TaggedClone.h"

#include "mlir/Analysis/Liveness.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/PassManager.h"

#include <map>
#include <optional>

using namespace bufferlens;
using namespace mlir;

namespace {

Ownership unique(std::string indicator) {
  Ownership o;
  o.kind = Ownership::Kind::Unique;
  o.indicator = std::move(indicator);
  return o;
}

/// Describes pass-made i1 values in the user's terms.
class ConditionPrinter {
public:
  ConditionPrinter(const TaggedClone &clone, const SourceIndex &index)
      : clone(clone), index(index) {}

  std::string describe(Value value, int depth = 0) const {
    if (depth > 4)
      return "a runtime value";
    bool constant;
    if (matchConstant(value, constant))
      return constant ? "true" : "false";
    ValueId origin = clone.originOf(value);
    if (origin != kNone)
      return index.result().values[origin].name;
    if (std::optional<std::string> owner = ownershipOf(value))
      return *owner;
    Operation *op = value.getDefiningOp();
    if (!op)
      return "a runtime value";
    if (auto xorOp = dyn_cast<arith::XOrIOp>(op)) {
      bool c;
      if (matchConstant(xorOp.getLhs(), c) && c)
        return "not " + describe(xorOp.getRhs(), depth + 1);
      if (matchConstant(xorOp.getRhs(), c) && c)
        return "not " + describe(xorOp.getLhs(), depth + 1);
    }
    if (auto andOp = dyn_cast<arith::AndIOp>(op))
      return combine(andOp.getLhs(), andOp.getRhs(), /*isAnd=*/true, depth);
    if (auto orOp = dyn_cast<arith::OrIOp>(op))
      return combine(orOp.getLhs(), orOp.getRhs(), /*isAnd=*/false, depth);
    if (auto select = dyn_cast<arith::SelectOp>(op))
      return "(" + describe(select.getCondition(), depth + 1) + " ? " +
             describe(select.getTrueValue(), depth + 1) + " : " +
             describe(select.getFalseValue(), depth + 1) + ")";
    if (auto dealloc = dyn_cast<bufferization::DeallocOp>(op)) {
      unsigned i = cast<OpResult>(value).getResultNumber();
      return "retained ownership of " +
             describeMemref(dealloc.getRetained()[i]);
    }
    return "a runtime value";
  }

  /// A memref in user terms, looking through the base-buffer extraction
  /// the pass wraps dealloc operands in.
  std::string describeMemref(Value memref) const {
    Value base = baseOf(memref);
    ValueId id = clone.originOf(base);
    if (id != kNone)
      return index.result().values[id].name;
    if (auto clone = base.getDefiningOp<bufferization::CloneOp>())
      return "a clone of " + describeMemref(clone.getInput());
    // The canonicalizer turns a block argument fed from one block into a
    // select of what was passed.
    if (auto select = base.getDefiningOp<arith::SelectOp>())
      return describeMemref(select.getTrueValue()) + " or " +
             describeMemref(select.getFalseValue());
    return "a buffer the pass created";
  }

  static Value baseOf(Value memref) {
    if (auto meta = memref.getDefiningOp<memref::ExtractStridedMetadataOp>())
      return meta.getSource();
    return memref;
  }

private:
  static bool matchConstant(Value value, bool &out) {
    llvm::APInt bits;
    if (!value.getType().isInteger(1) ||
        !matchPattern(value, m_ConstantInt(&bits)))
      return false;
    out = !bits.isZero();
    return true;
  }

  std::string combine(Value lhs, Value rhs, bool isAnd, int depth) const {
    bool c;
    for (auto [constant, other] : {std::pair(lhs, rhs), std::pair(rhs, lhs)})
      if (matchConstant(constant, c)) {
        if (c == isAnd)
          return describe(other, depth + 1);
        return c ? "true" : "false";
      }
    return "(" + describe(lhs, depth + 1) + (isAnd ? " and " : " or ") +
           describe(rhs, depth + 1) + ")";
  }

  /// The i1 the pass appended to carry the ownership of a memref block
  /// argument, region result or call result.
  std::optional<std::string> ownershipOf(Value value) const {
    if (std::optional<ValueId> owned = clone.ownedBy(value))
      return "ownership of " + index.result().values[*owned].name;
    return std::nullopt;
  }

  const TaggedClone &clone;
  const SourceIndex &index;
};

/// The lattice state of every memref in every block, by the pass's own
/// rules (OwnershipBasedBufferDeallocation.cpp): allocations own, allocas,
/// globals and arguments do not, block arguments and region results carry
/// an indicator, other ops join their operands, and a block inherits the
/// ownership of same-region values it does not receive as arguments.
class LatticeBuilder {
public:
  LatticeBuilder(const SourceIndex &index, FunctionOpInterface fn,
                 const OwnershipFacts &facts)
      : index(index), fn(fn), facts(facts), liveness(fn) {}

  void build(std::vector<ValueOwnership> &out) {
    fn->walk([&](Block *block) { computeLocal(block); });
    fn->walk([&](Block *block) {
      BlockId id = index.idOf(block);
      if (id == kNone)
        return;
      // Liveness keeps a pointer set: in the order of the values' ids, so
      // that hovers and graphs list them the same way every time.
      SmallVector<std::pair<ValueId, Value>> liveIn;
      for (Value live : liveness.getLiveIn(block))
        if (isa<BaseMemRefType>(live.getType()))
          liveIn.push_back({index.idOf(live), live});
      llvm::sort(liveIn, llvm::less_first());
      for (auto [liveId, live] : liveIn)
        record(out, live, id, inherited(live, block));
      for (BlockArgument arg : block->getArguments())
        if (isa<BaseMemRefType>(arg.getType()))
          record(out, arg, id, local.lookup(arg));
      for (Operation &op : *block)
        for (Value result : op.getResults())
          if (isa<BaseMemRefType>(result.getType()))
            record(out, result, id, local.lookup(result));
    });
  }

private:
  void record(std::vector<ValueOwnership> &out, Value value, BlockId block,
              const Ownership &ownership) {
    ValueId id = index.idOf(value);
    if (id != kNone)
      out.push_back({id, block, ownership});
  }

  std::string nameOf(Value v) const { return index.nameOf(v); }

  /// Ownership of `value` inside `block` when `block` does not define it.
  Ownership inherited(Value value, Block *block) const {
    if (value.getParentRegion() != block->getParent())
      return unique("false"); // Nested regions never take ownership.
    Block *def = value.getParentBlock();
    BlockId defId = index.idOf(def);
    ValueId id = index.idOf(value);
    for (const DeallocSite &site : facts.sites)
      if (site.block == defId &&
          std::find(site.retained.begin(), site.retained.end(), id) !=
              site.retained.end())
        return unique("retained ownership of " + nameOf(value) + " from " +
                      index.labelOf(def));
    return local.lookup(value);
  }

  Ownership ownershipIn(Value value, Block *block) const {
    if (value.getParentBlock() == block)
      return local.lookup(value);
    return inherited(value, block);
  }

  void computeLocal(Block *block) {
    bool functionEntry = block->isEntryBlock() && block->getParentOp() == fn;
    for (BlockArgument arg : block->getArguments()) {
      if (!isa<BaseMemRefType>(arg.getType()))
        continue;
      local[arg] = functionEntry ? unique("false")
                                 : unique("ownership of " + nameOf(arg));
    }
    for (Operation &op : *block) {
      for (Value result : op.getResults()) {
        if (!isa<BaseMemRefType>(result.getType()))
          continue;
        local[result] = transfer(op, result, block);
      }
    }
  }

  Ownership transfer(Operation &op, Value result, Block *block) {
    if (auto effects = dyn_cast<MemoryEffectOpInterface>(op))
      if (auto alloc =
              effects.getEffectOnValue<MemoryEffects::Allocate>(result))
        return unique(isa<SideEffects::AutomaticAllocationScopeResource>(
                          alloc->getResource())
                          ? "false"
                          : "true");
    if (isa<CallOpInterface>(op))
      return unique("true");
    if (isa<RegionBranchOpInterface>(op))
      return unique("ownership of " + nameOf(result));
    Ownership joined;
    bool anyMemref = false;
    for (Value operand : op.getOperands())
      if (isa<BaseMemRefType>(operand.getType())) {
        anyMemref = true;
        joined = join(joined, ownershipIn(operand, block));
      }
    return anyMemref ? joined : unique("false");
  }

  const SourceIndex &index;
  FunctionOpInterface fn;
  const OwnershipFacts &facts;
  Liveness liveness;
  llvm::DenseMap<Value, Ownership> local;
};

} // namespace

/// Upstream's pass managers do not keep state between runs (a pipeline's
/// passes run on many ops of a module alike), so one set serves every
/// function and document of its context.
struct OwnershipPipelines::Managers {
  /// runPasses' pipelines, by the function's op name and the stage.
  std::map<std::pair<std::string, int>, std::unique_ptr<PassManager>>
      byFunction;
  /// The lowering pipeline in two halves (reportRuntimeAliasChecks).
  std::unique_ptr<PassManager> loweringPrologue, loweringRest;
};

namespace {
class OwnershipAnalysis {
public:
  OwnershipAnalysis(SourceIndex &index, const AnalysisOptions &options,
                    RunUnderBudget underBudget, OwnershipPipelines *shared)
      : index(index), result(index.result()), options(options),
        underBudget(underBudget),
        originalSymbols(TaggedClone::symbolsOf(index.parsed().module())),
        pipelines(shared ? *shared->managers : *ownPipelines.managers) {}

  void run() {
    result.ownership.resize(result.functions.size());
    std::vector<FunctionId> accepted;
    FunctionId count = static_cast<FunctionId>(result.functions.size());
    // The pass runs on a copy. Where each function can be analysed alone,
    // the copy holds a batch of functions at a time, so the document's IR
    // is not held twice: on a virtual machine, the kernel's zeroing of
    // fresh pages was a fifth of `lint`'s time.
    size_t batch =
        ownershipCopiesInBatches(index, options) ? kCopyBatch : size_t(count);
    for (FunctionId first = 0; first < count; first += batch) {
      FunctionId end = static_cast<FunctionId>(
          std::min<size_t>(size_t(first) + batch, size_t(count)));
      copyFunctions(first, end);
      for (FunctionId fn = first; fn < end; ++fn)
        if (analyseOrSkip(fn))
          accepted.push_back(fn);
      eraseNestedInnermostFirst(clone->module()); // Linear (DestroyIR.h).
      clone.reset();
    }
    reportRuntimeAliasChecks(accepted);
  }

private:
  static constexpr size_t kCopyBatch = 64;

  /// Makes `clone` hold the functions [first, end), or the whole document
  /// when they are all of it.
  void copyFunctions(FunctionId first, FunctionId end) {
    copySymbolMap.reset();
    if (first == 0 && end == (FunctionId)result.functions.size()) {
      clone = std::make_unique<TaggedClone>(index);
      return;
    }
    SmallVector<FunctionId> functions;
    for (FunctionId fn = first; fn < end; ++fn)
      if (runsThePass(fn))
        functions.push_back(fn);
    clone = std::make_unique<TaggedClone>(index, functions, originalSymbols);
    if (!clone->namesEverySymbol())
      clone = std::make_unique<TaggedClone>(index);
  }

  /// Whether analyseOrSkip runs the pass on `fn`'s copy; a batch copies
  /// only those (a function that already frees memory is read in the
  /// original: copying it was a tenth of linting such code). The one rule
  /// for both, so the copy always holds what the pass is run on.
  bool runsThePass(FunctionId fn) const {
    const FunctionEntry &entry = result.functions[fn];
    return entry.analysed && (entry.stage != Stage::Deallocated ||
                              options.reportPassRejectionOfFrees);
  }

  /// One function's part of run(): true when the pipeline should check it
  /// for runtime alias checks.
  bool analyseOrSkip(FunctionId fn) {
    OwnershipFacts &facts = result.ownership[fn];
    facts.function = fn;
    const FunctionEntry &entry = result.functions[fn];
    if (!entry.analysed) {
      facts.reason = entry.notAnalysed.empty() ? "the function does not verify"
                                               : entry.notAnalysed;
      return false;
    }
    if (entry.stage == Stage::Deallocated) {
      facts.reason = "the function already frees memory; the checker "
                     "explains it instead";
      checkFunctionBoundaryAbi(fn);
    }
    if (!runsThePass(fn))
      return false;
    if (tooDeepForThePass(fn, facts))
      return false;
    bool needsPipeline = false;
    auto stage = [&] {
      analyseFunction(fn, facts);
      needsPipeline = facts.computed && entry.stage == Stage::Bufferized &&
                      (!options.skipPipelineWithoutAliasChecks ||
                       mayNeedRuntimeAliasCheck(fn));
    };
    if (!underBudget) {
      stage();
      return needsPipeline;
    }
    // Past its budget: the caller drops what it found.
    return underBudget(fn, stage) && needsPipeline;
  }

  /// Upstream's passes take time quadratic in the depth of a region nest
  /// (RegionNesting.h): past kMaxOwnershipNesting the function is left to
  /// the other analyses, and an info finding says what is not checked.
  bool tooDeepForThePass(FunctionId fn, OwnershipFacts &facts) {
    unsigned depth = regionNestingDepth(index.function(fn));
    if (depth <= kMaxOwnershipNesting)
      return false;
    facts.reason = "regions nest " + std::to_string(depth) +
                   " deep, more than the " +
                   std::to_string(kMaxOwnershipNesting) +
                   " upstream's deallocation pass is given";
    Finding finding;
    finding.severity = Severity::Info;
    finding.range = result.functions[fn].nameRange;
    finding.message = "not analysed by the ownership pass: " + facts.reason +
                      " (BL105, BL203 and BL204 are not checked in @" +
                      result.functions[fn].name + ")";
    result.findings.push_back(std::move(finding));
    return true;
  }

  void analyseFunction(FunctionId fn, OwnershipFacts &facts) {
    FunctionOpInterface original = index.function(fn);
    Operation *copy = clone->lookup(original);
    if (!copy || copy->getRegion(0).empty()) {
      facts.reason = "the function has no body";
      return;
    }
    if (KnownPassCrash crash = findKnownPassCrash(
            original, options.privateFunctionDynamicOwnership)) {
      Finding finding;
      finding.code = FindingCode::BL204;
      finding.range = index.rangeOf(crash.op);
      finding.message = crash.message;
      facts.reason = "the deallocation pass is known to crash on it";
      result.findings.push_back(std::move(finding));
      return;
    }
    std::vector<Finding> rejections;
    bool passed;
    {
      // In a module of its own, so the pass's symbol lookups do not scan
      // the whole document (IsolatedFunction.h). Dynamic ownership of
      // private functions rewrites their callers: the whole copy then.
      std::optional<IsolatedFunction> alone;
      if (!options.privateFunctionDynamicOwnership)
        alone.emplace(copy, clone->module(), copySymbols());
      passed = runPasses(fn, copy, OwnershipStage::Ownership, rejections);
    }
    if (!passed) {
      facts.reason = rejections.empty() ? "the deallocation pass failed"
                                        : "the deallocation pass rejects it: " +
                                              rejections.front().message;
      for (Finding &finding : rejections)
        result.findings.push_back(std::move(finding));
      return;
    }
    facts.computed = true;
    if (!options.explanations)
      return;
    collectSites(original, facts);
    LatticeBuilder(index, original, facts).build(facts.states);
  }

  /// Whether the pipeline's lowering could compare pointers in `fn`: the
  /// whole pipeline (most of a function's analysis time) runs only where
  /// the pass's own output does not prove it will not
  /// (AliasCheckProof.h).
  /// The pipeline also runs where its prologue could make a shape the pass
  /// is known to crash on, for the BL204 that says so
  /// (reportRuntimeAliasChecks). Neither runs it when the user turned that
  /// finding off (`--disable BL203`, `"BL203": "off"`): on code full of
  /// loops it is most of the analysis.
  bool mayNeedRuntimeAliasCheck(FunctionId fn) {
    Operation *original = index.function(fn);
    if (options.isEnabled(FindingCode::BL204) &&
        mayCanonicalizeIntoKnownPassCrash(
            original, options.privateFunctionDynamicOwnership))
      return true;
    return options.isEnabled(FindingCode::BL203) &&
           !provablyNoRuntimeAliasCheck(clone->lookup(original));
  }

  /// Runs the stage's passes on the copy of one function. The passes' own
  /// errors become BL204 findings in `rejections`.
  bool runPasses(FunctionId fn, Operation *function, OwnershipStage stage,
                 std::vector<Finding> &rejections) {
    MLIRContext *context = function->getContext();
    std::unique_ptr<PassManager> &pm = pipelines.byFunction[{
        function->getName().getStringRef().str(), static_cast<int>(stage)}];
    if (!pm) {
      pm = std::make_unique<PassManager>(context,
                                         function->getName().getStringRef());
      // The passes are upstream's and the input verified; re-verifying
      // after each pass costs a fifth of the analysis and finds nothing new.
      pm->enableVerifier(false);
      buildOwnershipPipeline(*pm, stage, options);
    }
    ScopedDiagnosticHandler handler(context, [&](Diagnostic &diag) {
      if (diag.getSeverity() != DiagnosticSeverity::Error)
        return;
      rejections.push_back(explainRejection(
          index, fn, clone->originOpOf(diag.getLocation()), diag.str(),
          index.parsed().rangeOf(diag.getLocation())));
    });
    return succeeded(pm->run(function));
  }

  void collectSites(FunctionOpInterface original, OwnershipFacts &facts) {
    ConditionPrinter printer(*clone, index);
    original->walk([&](Block *block) {
      BlockId blockId = index.idOf(block);
      Block *copy = clone->lookup(block);
      if (blockId == kNone || !copy || block->empty())
        return;
      SmallVector<bufferization::DeallocOp> deallocs(
          copy->getOps<bufferization::DeallocOp>());
      Operation *terminator = &block->back();
      SmallVector<Block *> successors(terminator->getSuccessors());
      for (size_t i = 0; i < deallocs.size(); ++i) {
        DeallocSite site;
        site.block = blockId;
        site.terminator = index.idOf(terminator);
        if (deallocs.size() == successors.size()) {
          site.successor = index.idOf(successors[i]);
          site.successorIndex = i;
        }
        bufferization::DeallocOp dealloc = deallocs[i];
        for (auto [memref, condition] :
             llvm::zip(dealloc.getMemrefs(), dealloc.getConditions()))
          site.memrefs.push_back(
              {clone->originOf(ConditionPrinter::baseOf(memref)),
               printer.describe(condition)});
        for (Value retained : dealloc.getRetained())
          site.retained.push_back(clone->originOf(retained));
        facts.sites.push_back(std::move(site));
      }
      for (auto cloneOp : copy->getOps<bufferization::CloneOp>()) {
        ValueId source = clone->originOf(cloneOp.getInput());
        if (source != kNone)
          facts.clones.emplace_back(index.idOf(terminator), source);
      }
    });
  }

  /// BL203: where the code the whole buffer-deallocation-pipeline generates
  /// still compares base pointers at run time. Runs the real pipeline, up
  /// to the deallocs it lowers, on a fresh tagged copy holding the
  /// functions the pass accepted, and attributes each comparison their
  /// lowering makes to the terminator whose dealloc it lowers.
  void reportRuntimeAliasChecks(const std::vector<FunctionId> &accepted) {
    if (accepted.empty())
      return;
    // The pipeline's canonicalizations work on the whole module at once and
    // grow faster than its size, so the functions go through it in batches,
    // each in a module of its own with declarations of what it calls. Only
    // functions nested in other modules need the whole copy.
    bool topLevel = llvm::all_of(accepted, [&](FunctionId fn) {
      return index.function(fn)->getParentOp() ==
             index.parsed().module().getOperation();
    });
    if (!topLevel) {
      TaggedClone lowered(index);
      llvm::DenseSet<Operation *> keep;
      for (FunctionId fn : accepted)
        keep.insert(lowered.lookup(index.function(fn)));
      // Other functions become declarations: the pipeline rejects some of
      // them, and calls into them need only their signature.
      lowered.module()->walk([&](FunctionOpInterface fn) {
        if (keep.contains(fn) || fn.isExternal())
          return;
        fn.eraseBody();
        SymbolTable::setSymbolVisibility(fn, SymbolTable::Visibility::Private);
      });
      reportRuntimeAliasChecks(lowered);
      return;
    }
    constexpr size_t kBatch = 64;
    for (size_t first = 0; first < accepted.size(); first += kBatch) {
      TaggedClone lowered(index,
                          llvm::ArrayRef<FunctionId>(accepted).slice(
                              first, std::min(kBatch, accepted.size() - first)),
                          originalSymbols);
      reportRuntimeAliasChecks(lowered);
    }
  }

  /// Runs the pipeline on `lowered` up to the deallocs it lowers and
  /// reports where the pointer comparisons of their lowering come from
  /// (LoweredAliasChecks.h). With `lowerForAliasChecks`, runs the whole
  /// pipeline and finds the comparisons in its output instead.
  void reportRuntimeAliasChecks(TaggedClone &lowered) {
    MLIRContext *context = lowered.module()->getContext();
    std::unique_ptr<PassManager> &loweringPrologue = pipelines.loweringPrologue;
    std::unique_ptr<PassManager> &loweringRest = pipelines.loweringRest;
    if (!loweringPrologue) {
      loweringPrologue =
          std::make_unique<PassManager>(context, ModuleOp::getOperationName());
      loweringPrologue->enableVerifier(false);
      buildLoweringPrologue(*loweringPrologue);
      loweringRest =
          std::make_unique<PassManager>(context, ModuleOp::getOperationName());
      loweringRest->enableVerifier(false);
      if (options.lowerForAliasChecks)
        buildLoweringRest(*loweringRest, options);
      else
        buildLoweringToSimplified(*loweringRest, options);
    }
    ScopedDiagnosticHandler silence(context, [](Diagnostic &) {});
    if (failed(loweringPrologue->run(lowered.module())))
      return;
    // The prologue (expand-realloc, canonicalize) can make a shape the
    // ownership pass reads freed memory on. A function here had none as
    // written (it would have its BL204 and not be here) and the pass alone
    // accepted it: only the user's run of the whole pipeline reads freed
    // memory. It gets that BL204 instead of BL203.
    SmallVector<FunctionOpInterface> crashing;
    lowered.module()->walk([&](FunctionOpInterface fn) {
      if (fn.isExternal())
        return;
      if (KnownPassCrash crash =
              findKnownPassCrash(fn, options.privateFunctionDynamicOwnership)) {
        reportCrashAfterCanonicalization(lowered, fn, crash);
        crashing.push_back(fn);
      }
    });
    for (FunctionOpInterface fn : crashing) {
      fn.eraseBody();
      SymbolTable::setSymbolVisibility(fn, SymbolTable::Visibility::Private);
    }
    if (failed(loweringRest->run(lowered.module())))
      return;

    ConditionPrinter printer(lowered, index);
    std::map<OpId, std::vector<std::string>> compared; // terminator -> names
    // The pass and the lowering build their ops with the location of the
    // terminator whose dealloc they make.
    auto note = [&](Location loc, Value memref) {
      OpId terminator = lowered.originOpOf(loc);
      if (terminator == kNone)
        return;
      std::string name = printer.describeMemref(memref);
      if (Value kept = uniqueOwnershipCopyOf(memref)) {
        // Its location names the user's value it hands on, unless the
        // pass built it at the terminator; then the value it keeps may.
        if (name.front() != '%')
          name = printer.describeMemref(kept);
        if (name.front() == '%')
          name += " or its clone";
      }
      auto &names = compared[terminator];
      if (std::find(names.begin(), names.end(), name) == names.end())
        names.push_back(name);
    };
    if (options.lowerForAliasChecks) {
      // Where the lowered code extracts a pointer, and where it uses one or
      // a comparison of two: cse lets a later block end reuse the pointers,
      // and even the comparison, of a dominating one.
      auto noteUse = [&](Location loc, Value value) {
        if (auto extract =
                value.getDefiningOp<memref::ExtractAlignedPointerAsIndexOp>()) {
          note(loc, extract.getSource());
        } else if (auto compare = value.getDefiningOp<arith::CmpIOp>()) {
          for (Value side : compare->getOperands())
            if (auto extract = side.getDefiningOp<
                               memref::ExtractAlignedPointerAsIndexOp>())
              note(loc, extract.getSource());
        }
      };
      lowered.module()->walk([&](Operation *op) {
        if (auto extract = dyn_cast<memref::ExtractAlignedPointerAsIndexOp>(op))
          note(op->getLoc(), extract.getSource());
        for (Value operand : op->getOperands())
          noteUse(op->getLoc(), operand);
      });
    } else {
      lowered.module()->walk([&](bufferization::DeallocOp dealloc) {
        for (Value memref : comparedByLowering(dealloc))
          note(dealloc->getLoc(), memref);
      });
    }
    for (const auto &[terminatorId, names] : compared) {
      Operation *terminator = index.op(terminatorId);
      Block *block = terminator->getBlock();
      std::string where = index.labelOf(block);
      if (!isa<FunctionOpInterface>(block->getParentOp()))
        where += " (in " +
                 block->getParentOp()->getName().getStringRef().str() + ")";
      std::string list;
      for (const std::string &name : names)
        list += (list.empty() ? "" : ", ") + name;
      Finding finding;
      finding.code = FindingCode::BL203;
      finding.range = index.rangeOf(terminator);
      finding.message =
          "ownership is unknown at the end of " + where +
          ": the deallocation pipeline compares the base pointers of " + list +
          " at run time";
      result.findings.push_back(std::move(finding));
    }
  }

  /// %v when `memref` is the `scf.if %owned {yield %v} else {%c = clone
  /// %v; yield %c}` the pass makes to hand on a buffer it may not own.
  /// Named "%v or its clone": it usually carries the location of %v's op,
  /// so describeMemref gives it %v's name, and a comparison of the two
  /// would read as one of a buffer with itself.
  static Value uniqueOwnershipCopyOf(Value memref) {
    auto ifOp = memref.getDefiningOp<scf::IfOp>();
    if (!ifOp || ifOp->getNumResults() != 1 || ifOp.getElseRegion().empty())
      return nullptr;
    Value kept = ifOp.thenYield().getOperand(0);
    auto copy =
        ifOp.elseYield().getOperand(0).getDefiningOp<bufferization::CloneOp>();
    return copy && copy.getInput() == kept ? kept : nullptr;
  }

  /// BL204 at the user's op the prologue's output of `fn` (in `lowered`)
  /// makes the pass read freed memory on, else at the function's name.
  void reportCrashAfterCanonicalization(const TaggedClone &lowered,
                                        FunctionOpInterface fn,
                                        const KnownPassCrash &crash) {
    Finding finding;
    finding.code = FindingCode::BL204;
    finding.message = pipelineCrashMessage(crash, /*passAloneHandlesIt=*/true);
    // The op the pipeline's op was made from (expand-realloc turns a
    // memref.realloc into an scf.if with its location), else the function.
    OpId op = lowered.originOpOf(crash.op->getLoc());
    if (op != kNone) {
      finding.range = index.rangeOf(index.op(op));
    } else {
      FunctionId f = 0;
      while (f < (FunctionId)result.functions.size() &&
             lowered.lookup(index.function(f)) != fn.getOperation())
        ++f;
      if (f == (FunctionId)result.functions.size())
        return;
      finding.range = result.functions[f].nameRange;
    }
    result.findings.push_back(std::move(finding));
  }

  /// BL105 for functions nothing will repair: a returned buffer that is
  /// an argument on some path. May-alias proposes the arguments; the path
  /// conditions (ReturnedArguments.h) drop those only returned on paths
  /// that cannot happen, such as the ownership pass's `scf.if %false {
  /// yield %arg } else { clone }`.
  void checkFunctionBoundaryAbi(FunctionId fn) {
    FunctionOpInterface function = index.function(fn);
    // The dynamic-ownership ABI holds where the user says the pipeline
    // runs with it, or where the module shows it (DynamicOwnershipAbi.h);
    // the latter looks at every call, so only once a return needs it.
    std::optional<bool> dynamic;
    auto dynamicOwnership = [&] {
      if (!dynamic)
        dynamic =
            function.isPrivate() && (options.privateFunctionDynamicOwnership ||
                                     followsDynamicOwnershipAbi(function));
      return *dynamic;
    };
    for (Block &block : function.getFunctionBody()) {
      if (block.empty() || !block.back().hasTrait<OpTrait::ReturnLike>())
        continue;
      Operation *ret = &block.back();
      SourceRange retRange = index.rangeOf(ret);
      OpId retId = index.idOf(ret);
      for (OpOperand &use : ret->getOpOperands()) {
        Value operand = use.get();
        ValueId id = index.idOf(operand);
        const BufferFact *fact = result.bufferFact(id);
        if (!fact)
          continue;
        std::optional<SmallVector<Value>> onPath;
        SmallVector<std::pair<Value, SmallVector<ReturnHop>>> paths;
        bool decided = false;
        for (ValueId origin : originsOf(result, id)) {
          if (result.buffers[result.values[origin].buffer].kind !=
              BufferKind::FunctionArgument)
            continue;
          if (!decided) {
            onPath = argumentsReturnedOnSomePath(ret, use.getOperandNumber(),
                                                 dynamicOwnership(), &paths);
            decided = true;
          }
          if (onPath && !llvm::is_contained(*onPath, index.value(origin)))
            continue;
          Finding finding;
          finding.code = FindingCode::BL105;
          finding.range = useWithin(id, retId, retRange);
          const std::string &name = result.values[id].name;
          const std::string &arg = result.values[origin].name;
          finding.message =
              "@" + result.functions[fn].name + " returns " + name +
              (name == arg ? ", which is its argument"
                           : ", which may alias argument " + arg) +
              ": the caller would own a buffer it already owns "
              "(function-boundary ABI); return a copy";
          finding.related.push_back(
              {result.values[origin].definition, "argument " + arg});
          if (onPath)
            for (const auto &[argument, hops] : paths)
              if (argument == index.value(origin)) {
                finding.path = returnedArgumentPath(fn, argument, hops,
                                                    finding.range, name);
                finding.pathBlocks =
                    returnedArgumentBlocks(argument, hops, ret);
              }
          result.findings.push_back(std::move(finding));
        }
      }
    }
  }

  /// BL105's path: the argument, the choices that carry it to the
  /// return (ReturnedArguments' first consistent path that returns it),
  /// and the return.
  std::vector<PathStep> returnedArgumentPath(FunctionId fn, Value argument,
                                             ArrayRef<ReturnHop> hops,
                                             SourceRange at,
                                             const std::string &returned) {
    std::vector<PathStep> steps;
    steps.push_back({PathStepKind::Enter, index.rangeOf(argument),
                     index.nameOf(argument) + " is an argument of the "
                                              "function: the caller owns it"});
    for (const ReturnHop &hop : llvm::reverse(hops)) {
      std::string conditions;
      for (auto [cond, expected] : hop.conditions)
        conditions += (conditions.empty() ? " (" : " and ") +
                      index.nameOf(cond) +
                      (expected ? " is true" : " is false");
      if (!conditions.empty())
        conditions += ")";
      SourceRange where = index.rangeOf(hop.to);
      if (Operation *def = hop.to.getDefiningOp())
        where = index.rangeOf(def);
      steps.push_back({PathStepKind::Branch, where,
                       index.nameOf(hop.to) + " is " + index.nameOf(hop.from) +
                           conditions});
    }
    steps.push_back({PathStepKind::Return, at,
                     "@" + result.functions[fn].name + " returns " + returned +
                         " here: the caller would own it twice"});
    return steps;
  }

  /// The blocks BL105's path steps lie in, in path order: the argument's,
  /// each hop's (where the value it reaches is defined), the return's.
  std::vector<BlockId> returnedArgumentBlocks(Value argument,
                                              ArrayRef<ReturnHop> hops,
                                              Operation *ret) const {
    std::vector<BlockId> blocks;
    auto add = [&](Block *block) {
      BlockId id = block ? index.idOf(block) : kNone;
      if (id != kNone && (blocks.empty() || blocks.back() != id))
        blocks.push_back(id);
    };
    add(argument.getParentBlock());
    for (const ReturnHop &hop : llvm::reverse(hops)) {
      Value to = hop.to;
      // A region op's result: the path runs the region whose terminator
      // yields the value it came from.
      if (auto result = dyn_cast<OpResult>(to))
        for (Region &region : result.getOwner()->getRegions())
          for (Block &block : region)
            if (Operation *end = block.empty() ? nullptr : &block.back();
                end && end->hasTrait<OpTrait::ReturnLike>() &&
                result.getResultNumber() < end->getNumOperands() &&
                end->getOperand(result.getResultNumber()) == hop.from)
              add(&block);
      add(to.getParentBlock());
    }
    add(ret->getBlock());
    return blocks;
  }

  /// The range of `value`'s use inside op `op`, else the op's range.
  SourceRange useWithin(ValueId value, OpId op, SourceRange fallback) const {
    if (op == kNone)
      return fallback;
    SourceRange full = result.ops[op].fullRange;
    for (const SourceRange &use : result.values[value].uses)
      if (full.begin <= use.begin && use.end <= full.end)
        return use;
    return fallback;
  }

  SourceIndex &index;
  AnalysisResult &result;
  const AnalysisOptions &options;
  RunUnderBudget underBudget;
  /// The copy the pass runs on (copyFunctions).
  std::unique_ptr<TaggedClone> clone;
  /// The document's top-level symbols, for the batches' declarations.
  TaggedClone::SymbolMap originalSymbols;
  /// The top-level symbols of the copy, for IsolatedFunction.
  const TaggedClone::SymbolMap &copySymbols() {
    if (!copySymbolMap)
      copySymbolMap = TaggedClone::symbolsOf(clone->module());
    return *copySymbolMap;
  }
  std::optional<TaggedClone::SymbolMap> copySymbolMap;

  /// The pass managers, the caller's or this analysis' own.
  OwnershipPipelines ownPipelines;
  OwnershipPipelines::Managers &pipelines;
};

} // namespace

OwnershipPipelines::OwnershipPipelines()
    : managers(std::make_unique<Managers>()) {}

OwnershipPipelines::~OwnershipPipelines() = default;

bool bufferlens::ownershipCopiesInBatches(const SourceIndex &index,
                                          const AnalysisOptions &options) {
  if (options.privateFunctionDynamicOwnership)
    return false;
  Operation *top = index.parsed().module().getOperation();
  for (FunctionId fn = 0; fn < (FunctionId)index.result().functions.size();
       ++fn)
    if (index.function(fn)->getParentOp() != top)
      return false;
  return true;
}

void bufferlens::runOwnershipAnalysis(SourceIndex &index,
                                      const AnalysisOptions &options,
                                      RunUnderBudget underBudget,
                                      OwnershipPipelines *pipelines) {
  OwnershipAnalysis(index, options, underBudget, pipelines).run();
}
