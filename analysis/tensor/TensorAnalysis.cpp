//===- TensorAnalysis.cpp -------------------------------------------------===//

#include "analysis/tensor/TensorAnalysis.h"
#include "analysis/ir/BufferFacts.h"
#include "analysis/ir/SourceIndex.h"
#include "analysis/ownership/TaggedClone.h"
#include "analysis/tensor/Internal.h"
#include "analysis/tensor/LaterRead.h"
#include "analysis/tensor/OneShotHalves.h"
#include "analysis/tensor/PassOptions.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <deque>
#include <memory>
#include <set>

using namespace bufferlens;
using namespace bufferlens::tensor;
using namespace mlir;

static bool isTensor(Type type) { return isa<TensorType>(type); }

// An op One-Shot Bufferize would still rewrite (it implements
// BufferizableOpInterface and takes or yields a tensor), or null. What
// bufferization leaves on tensors by design is not such an op:
// `bufferization.to_tensor` / `to_buffer` at the edge of the bufferized
// region, and `func` ops when function boundaries were not bufferized.
Operation *bufferlens::opBeforeBufferization(Operation *function) {
  Operation *found = nullptr;
  function->walk([&](Operation *op) {
    if (op == function ||
        isa<bufferization::ToTensorOp, bufferization::ToBufferOp>(op) ||
        op->getName().getDialectNamespace() ==
            func::FuncDialect::getDialectNamespace() ||
        !isa<bufferization::BufferizableOpInterface>(op))
      return WalkResult::advance();
    if (llvm::any_of(op->getOperandTypes(), isTensor) ||
        llvm::any_of(op->getResultTypes(), isTensor)) {
      found = op;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

// With bufferize-function-boundaries the pass also rewrites a function that
// only passes tensors on (returns an argument, calls another function): its
// callers' decisions depend on it (OneShotModuleBufferize.cpp,
// equivalenceAnalysis), so it belongs in the copy. A function bufferized
// without function boundaries keeps tensors in its signature and moves
// between the two with `bufferization.to_tensor` / `to_buffer`: it is past
// One-Shot Bufferize, not before it.
bool bufferlens::worksOnTensors(Operation *function) {
  // A `to_tensor` without `restrict` is what a previous, partial
  // bufferization leaves; One-Shot Analysis refuses it by design
  // (OneShotAnalysis.cpp: "to_tensor ops without `restrict` are not
  // supported by One-Shot Analysis"), and such a function is not input to
  // it.
  bool partial = false;
  function->walk(
      [&](bufferization::ToTensorOp op) { partial |= !op.getRestrict(); });
  if (partial)
    return false;
  if (opBeforeBufferization(function))
    return true;
  auto fn = dyn_cast<FunctionOpInterface>(function);
  if (!fn || (!llvm::any_of(fn.getArgumentTypes(), isTensor) &&
              !llvm::any_of(fn.getResultTypes(), isTensor)))
    return false;
  bool bufferized = false;
  function->walk([&](Operation *op) {
    if (isa<bufferization::ToTensorOp, bufferization::ToBufferOp>(op)) {
      bufferized = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return !bufferized;
}

std::string tensor::typeAndBytes(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  if (std::optional<uint64_t> bytes = staticSizeInBytes(type))
    os << ", " << *bytes << " bytes";
  return text;
}

/// How many functions a batch holds (a component of the call graph
/// larger than that is one batch). A run has a cost of its own (a copy of
/// a module, a pass manager, the analyses of its copy), so batches are
/// large; but upstream stops at the first function it fails on and the
/// batch runs again without it (runTensorAnalysis), so in a file with many
/// such functions large batches repeat more. So batches are made small,
/// and merged before their first run up to a limit that doubles after
/// each batch that passes, to kBatchFunctions, and is small again after a
/// failure (State::batchLimit); the batch that failed is split into small
/// ones. On the 100k-line tensor bench module without the functions
/// upstream rejects, `lint --jobs 1` took 1.39-1.46 s of CPU with batches
/// of 16 and 1.28-1.33 s merged to 64 (10.90G and 10.76G instructions).
constexpr size_t kBatchFunctions = 64;
constexpr size_t kSmallBatchFunctions = 16;

/// `functions` in batches of at most `limit` functions, in their order,
/// each batch a union of whole components of the call graph (a call in
/// either direction ties two functions; a function whose symbol uses MLIR
/// cannot list ties to all): what the pass concludes about a call still
/// sees its callee.
static std::vector<std::vector<FunctionId>>
batchesByCalls(const SourceIndex &index, llvm::ArrayRef<FunctionId> functions,
               const std::map<FunctionId, TaggedClone::SymbolNames> &names,
               size_t limit) {
  const AnalysisResult &result = index.result();
  llvm::StringMap<size_t> position;
  for (size_t i = 0; i < functions.size(); ++i)
    position[result.functions[functions[i]].name] = i;
  llvm::EquivalenceClasses<size_t> components;
  for (size_t i = 0; i < functions.size(); ++i)
    components.insert(i);
  for (size_t i = 0; i < functions.size(); ++i) {
    const TaggedClone::SymbolNames &uses = names.at(functions[i]);
    if (!uses) {
      for (size_t j = 0; j < functions.size(); ++j)
        components.unionSets(i, j);
      break;
    }
    for (StringAttr name : *uses) {
      auto it = position.find(name.getValue());
      if (it != position.end())
        components.unionSets(i, it->second);
    }
  }
  // Components in the order of their first function; whole components
  // packed into batches.
  std::vector<std::vector<FunctionId>> batches;
  std::map<size_t, std::vector<FunctionId>> byLeader;
  std::vector<size_t> leaders;
  for (size_t i = 0; i < functions.size(); ++i) {
    size_t leader = components.getLeaderValue(i);
    if (!byLeader.count(leader))
      leaders.push_back(leader);
    byLeader[leader].push_back(functions[i]);
  }
  for (size_t leader : leaders) {
    std::vector<FunctionId> &component = byLeader[leader];
    if (batches.empty() || batches.back().size() + component.size() > limit)
      batches.emplace_back();
    llvm::append_range(batches.back(), component);
  }
  return batches;
}

namespace {
/// One batch of functions (batchesByCalls) on its way through the two runs.
struct Batch {
  /// The functions the pass has not failed on yet.
  std::vector<FunctionId> remaining;
  /// The copy of `remaining` an analysis-only run accepted, its markers
  /// read and taken off again; null before that run or after a failure.
  std::unique_ptr<TaggedClone> clone;
  /// That run's analysis, kept for the bufferizing run (OneShotHalves.h);
  /// null where the options need the pass itself, run twice.
  std::unique_ptr<OneShotHalves> halves;
  /// What that run decided (only outOfPlace is filled), and the aliasing
  /// of each function's tensor results (with explanations only).
  std::map<FunctionId, TensorPlan> decided;
  std::map<FunctionId, std::vector<ResultAliasing>> aliasing;
};
} // namespace

// One run of each kind per batch of whole call-graph components
// (batchesByCalls): the module's call graph decides what the pass concludes
// about a call (a callee that returns its argument lets the caller write in
// place), so functions that call each other are analysed together.
// Upstream stops at the first function it fails on; that function gets the
// error (BL503) and the run is repeated without it, so one bad function
// does not hide what happens in the others. Its callers then see a
// declaration, as for any external function.
struct TensorAnalysis::State {
  SourceIndex &index;
  const AnalysisOptions &options;
  AnalysisResult &result;
  std::vector<FunctionId> functions;
  TaggedClone::SymbolMap symbols;
  std::map<FunctionId, TensorPlan> plans;
  /// Functions left out of the view: they call a symbol the module does
  /// not define (runnable()).
  std::set<FunctionId> unplanned;
  /// The symbols each function names, listed once: the batches, the check
  /// for names defined twice and every copy of a batch ask.
  std::map<FunctionId, TaggedClone::SymbolNames> symbolNames;
  OneShotPassOptions pass;
  /// `pass` parsed for OneShotHalves, each batch's copied from it; null
  /// where the options need the pass itself, run twice.
  std::unique_ptr<OneShotHalves> parsedHalves;
  /// Why the options the user gave are not used (an info finding).
  std::optional<Finding> invalidOptions;
  /// A deque: a batch that fails is split, and the parts after the first
  /// are appended while the batches are being worked through.
  std::deque<Batch> batches;
  TensorAnalysis::BufferizedHook bufferizedHook;

  State(SourceIndex &index, llvm::ArrayRef<FunctionId> functions,
        const AnalysisOptions &options)
      : index(index), options(options), result(index.result()),
        functions(functions.begin(), functions.end()),
        symbols(TaggedClone::symbolsOf(index.parsed().module())) {
    for (FunctionId fn : functions) {
      plans[fn].function = fn;
      symbolNames[fn] = TaggedClone::symbolNamesOf(index.function(fn));
    }
    choosePassOptions();
    parsedHalves = OneShotHalves::forOptions(pass.text);
    for (std::vector<FunctionId> &functions :
         batchesByCalls(index, runnable(), symbolNames, kSmallBatchFunctions))
      batches.push_back({std::move(functions), nullptr, nullptr, {}, {}});
  }

  void choosePassOptions() {
    pass = chooseOneShotOptions(result.text(), options);
    std::optional<std::string> invalid = invalidOneShotOptions(pass.text);
    if (!invalid)
      return;
    // Info: the program is not at fault, and the view still shows what the
    // default options do.
    Finding finding;
    finding.severity = Severity::Info;
    bool runLine = pass.origin == OneShotPassOptions::Origin::RunLine;
    finding.range =
        runLine ? pass.range : result.functions[functions.front()].nameRange;
    finding.message =
        (runLine ? std::string("the One-Shot Bufferize options of this RUN "
                               "line are not valid: ")
                 : std::string("'oneShotBufferize' in the settings is not "
                               "valid: ")) +
        *invalid +
        "; the tensor view runs the pass with "
        "bufferize-function-boundaries";
    invalidOptions = std::move(finding);
    pass = {"bufferize-function-boundaries",
            OneShotPassOptions::Origin::Default,
            {}};
  }

  /// The functions the pass may run on. A symbol defined twice (MLIR
  /// rejects the redefinition; BufferLens parses top-level ops apart, so
  /// both stand) leaves a call's callee ambiguous, and upstream's pass
  /// crashes on a call whose callee has another type. A function naming
  /// such a symbol is not run through the pass.
  std::vector<FunctionId> runnable() {
    llvm::StringMap<unsigned> definitions;
    for (Operation &op : index.parsed().module().getBody()->getOperations())
      if (auto symbol = dyn_cast<SymbolOpInterface>(op))
        ++definitions[symbol.getName()];
    std::vector<FunctionId> out;
    // Cached per symbol table: one lookup per call stays cheap.
    SymbolTableCollection symbolTables;
    for (FunctionId fn : functions) {
      // A call of a symbol the module does not define: the callee is in a
      // part of the text that did not parse (or MLIR rejects the call),
      // and upstream's pass crashes on such a call. Nothing is known of
      // the function until the text parses: it gets no plan, as a
      // function BufferLens cannot read gets none, rather than a BL503.
      // Only a function naming a symbol the module's top level does not
      // define (symbolNames lists them already), or whose names could not
      // be listed, is walked for its calls.
      const TaggedClone::SymbolNames &named = symbolNames.at(fn);
      bool callsUndefined = false;
      if (!named || llvm::any_of(*named, [&](StringAttr name) {
            return !definitions.count(name.getValue());
          }))
        index.function(fn)->walk([&](CallOpInterface call) {
          auto callee = dyn_cast_if_present<SymbolRefAttr>(
              call.getCallableForCallee().dyn_cast<SymbolRefAttr>());
          if (callee && !symbolTables.lookupNearestSymbolFrom(call, callee)) {
            callsUndefined = true;
            return WalkResult::interrupt();
          }
          return WalkResult::advance();
        });
      if (callsUndefined) {
        unplanned.insert(fn);
        continue;
      }
      std::string twice;
      if (named)
        for (StringAttr name : *named) {
          if (definitions.lookup(name.getValue()) > 1) {
            twice = name.getValue().str();
            break;
          }
        }
      if (twice.empty()) {
        out.push_back(fn);
        continue;
      }
      plans[fn].failures.push_back(
          {kNone, result.functions[fn].nameRange,
           "`@" + twice +
               "` is defined more than once in this file (MLIR rejects the "
               "redefinition), so which one is called is not known"});
    }
    return out;
  }

  /// Upstream reports an op it cannot bufferize with the cause, then
  /// "failed to bufferize op" at the same op: one failure per op, its
  /// messages in order, that wrapper dropped where a cause precedes it.
  static void mergeFailuresAtOneOp(std::vector<TensorPlan::Failure> &failures) {
    static constexpr llvm::StringLiteral kWrapper = "failed to bufferize op";
    std::vector<TensorPlan::Failure> merged;
    for (TensorPlan::Failure &failure : failures) {
      auto same = llvm::find_if(merged, [&](const TensorPlan::Failure &m) {
        return m.op == failure.op && m.range.begin == failure.range.begin &&
               m.range.end == failure.range.end;
      });
      if (same == merged.end()) {
        merged.push_back(std::move(failure));
        continue;
      }
      if (failure.message == kWrapper ||
          llvm::StringRef(same->message).contains(failure.message))
        continue;
      if (same->message == kWrapper)
        same->message = failure.message;
      else
        same->message += "; " + failure.message;
    }
    failures = std::move(merged);
  }

  // Failing errors go to their function, which leaves the set. An error
  // that names no function of the set (the module: a cycle of calls) fails
  // them all, as it fails upstream's run.
  void fail(std::vector<FunctionId> &remaining,
            const std::vector<PassError> &errors) {
    std::vector<FunctionId> failed;
    for (const PassError &error : errors)
      if (error.function != kNone &&
          llvm::is_contained(remaining, error.function))
        failed.push_back(error.function);
    if (failed.empty())
      failed = remaining;
    for (const PassError &error : errors) {
      std::vector<FunctionId> owners;
      if (error.function != kNone && llvm::is_contained(failed, error.function))
        owners.push_back(error.function);
      else if (error.function == kNone)
        owners = failed;
      for (FunctionId fn : owners) {
        TensorPlan::Failure failure;
        failure.op = error.op;
        failure.range = error.range.empty() && error.op == kNone
                            ? result.functions[fn].nameRange
                            : error.range;
        failure.message = error.message;
        plans[fn].failures.push_back(std::move(failure));
      }
    }
    for (FunctionId fn : failed)
      mergeFailuresAtOneOp(plans[fn].failures);
    // A failure without any message still fails its functions.
    for (FunctionId fn : failed) {
      if (plans[fn].failures.empty())
        plans[fn].failures.push_back({kNone, result.functions[fn].nameRange,
                                      "One-Shot Bufferize failed"});
      llvm::erase(remaining, fn);
    }
  }

  /// How many functions the next batch may hold: doubled, up to
  /// kBatchFunctions, after each batch whose first run passes, and small
  /// again after a failure, so a failure repeats a run of at most twice
  /// the functions of the last batch that passed.
  size_t batchLimit = kSmallBatchFunctions;

  /// Batch `i` before its first run: the small batches after it merged in
  /// up to batchLimit functions. Merged in order, so each is still whole
  /// components of the call graph.
  void merge(size_t i) {
    std::vector<FunctionId> &into = batches[i].remaining;
    for (size_t j = i + 1; j < batches.size(); ++j) {
      std::vector<FunctionId> &next = batches[j].remaining;
      if (into.size() + next.size() > batchLimit)
        break;
      llvm::append_range(into, next);
      next.clear();
    }
  }

  /// After a failure: what is left of a large batch in small ones, the
  /// first staying in `batch`, the others appended.
  void split(Batch &batch) {
    batchLimit = kSmallBatchFunctions;
    if (batch.remaining.size() <= kSmallBatchFunctions)
      return;
    std::vector<std::vector<FunctionId>> parts = batchesByCalls(
        index, batch.remaining, symbolNames, kSmallBatchFunctions);
    batch.remaining = std::move(parts.front());
    for (size_t i = 1; i < parts.size(); ++i)
      batches.push_back({std::move(parts[i]), nullptr, nullptr, {}, {}});
  }

  /// The analysis-only run on the batch, repeated without each function it
  /// fails on until it accepts what is left; false when nothing is left.
  /// One copy serves both runs: what this run writes on it is read (its
  /// markers, and the ops' aliasing for the explanations) and taken off
  /// again (AnalysisMarkers.cpp) before the same copy is bufferized. So
  /// does one analysis, where the options allow (OneShotHalves.h): the
  /// bufferizing run then inserts the copies this one decided.
  bool analyseOnly(Batch &batch) {
    batch.halves.reset();
    batch.clone.reset();
    batch.decided.clear();
    batch.aliasing.clear();
    bool failed = false;
    while (!batch.remaining.empty()) {
      std::vector<PassError> errors;
      std::vector<TaggedClone::SymbolNames> used;
      for (FunctionId fn : batch.remaining)
        used.push_back(symbolNames.at(fn));
      auto clone =
          std::make_unique<TaggedClone>(index, batch.remaining, symbols, used);
      AttributesBefore attributes(clone->module());
      std::unique_ptr<OneShotHalves> halves =
          parsedHalves ? parsedHalves->fresh() : nullptr;
      if (!(halves
                ? analyseWithHalves(index, *clone, *halves, pass.text, errors)
                : runOneShotBufferize(index, *clone, PassMode::AnalysisOnly,
                                      pass.text, errors))) {
        fail(batch.remaining, errors);
        split(batch);
        failed = true;
        continue;
      }
      // Read into a plan of their own: a failure of the bufferizing run
      // repeats the batch without its function.
      readInPlaceDecisions(index, *clone, batch.remaining, batch.decided);
      if (options.explanations)
        for (FunctionId fn : batch.remaining)
          if (auto found = readResultAliasing(index, *clone, fn))
            batch.aliasing[fn] = std::move(*found);
      attributes.restore();
      batch.clone = std::move(clone);
      batch.halves = std::move(halves);
      if (!failed)
        batchLimit = std::min(2 * batchLimit, kBatchFunctions);
      return true;
    }
    return false;
  }

  /// The bufferizing run on the copy analyseOnly left, and what it tells;
  /// a failure sends the batch back to analyseOnly without its function.
  void bufferize(Batch &batch) {
    while (batch.clone) {
      std::vector<PassError> errors;
      if (!(batch.halves
                ? bufferizeWithHalves(index, *batch.clone, *batch.halves,
                                      pass.text, errors)
                : runOneShotBufferize(index, *batch.clone, PassMode::Bufferize,
                                      pass.text, errors))) {
        fail(batch.remaining, errors);
        split(batch);
        analyseOnly(batch);
        continue;
      }
      const TaggedClone &clone = *batch.clone;
      for (auto &[fn, plan] : batch.decided) {
        plans[fn].outOfPlace = std::move(plan.outOfPlace);
        findLaterReads(index, plans[fn]);
      }
      std::vector<AllocationSite> sites;
      readBufferizedEffects(index, clone, batch.remaining, plans, sites);
      if (bufferizedHook) {
        std::vector<FunctionId> allocating;
        for (FunctionId fn : batch.remaining)
          if (!plans[fn].allocations.empty())
            allocating.push_back(fn);
        if (!allocating.empty())
          bufferizedHook(clone, allocating);
      }
      readReleases(index, clone, batch.remaining, sites, options, plans);
      for (FunctionId fn : batch.remaining) {
        plans[fn].bufferized = true;
        auto it = batch.aliasing.find(fn);
        if (it != batch.aliasing.end())
          explainTensorBuffers(index, it->second, plans[fn]);
      }
      break;
    }
    batch.halves.reset();
    batch.clone.reset();
    batch.decided.clear();
    batch.aliasing.clear();
  }

  void report() {
    if (invalidOptions)
      result.findings.push_back(std::move(*invalidOptions));
    for (FunctionId fn : functions) {
      if (unplanned.count(fn))
        continue;
      reportTensorFindings(index, plans[fn]);
      result.tensor.push_back(std::move(plans[fn]));
    }
  }
};

TensorAnalysis::TensorAnalysis(SourceIndex &index,
                               llvm::ArrayRef<FunctionId> functions,
                               const AnalysisOptions &options) {
  if (!functions.empty())
    state = std::make_unique<State>(index, functions, options);
}

TensorAnalysis::~TensorAnalysis() = default;

void TensorAnalysis::onBufferized(BufferizedHook hook) {
  if (state)
    state->bufferizedHook = std::move(hook);
}

void TensorAnalysis::analyseAhead() {
  if (!state || analysedAhead)
    return;
  analysedAhead = true;
  // By index: a batch that fails appends its parts.
  for (size_t i = 0; i < state->batches.size(); ++i) {
    state->merge(i);
    state->analyseOnly(state->batches[i]);
  }
}

std::vector<Finding> TensorAnalysis::failuresSoFar() const {
  std::vector<Finding> findings;
  if (!state)
    return findings;
  for (FunctionId fn : state->functions) {
    const TensorPlan &plan = state->plans.at(fn);
    if (!plan.failures.empty())
      llvm::append_range(findings, failureFindings(plan));
  }
  return findings;
}

void TensorAnalysis::finish() {
  if (!state)
    return;
  // Batch by batch unless the analysis-only runs went ahead: then every
  // batch's copy is alive at once.
  for (size_t i = 0; i < state->batches.size(); ++i) {
    if (!analysedAhead)
      state->merge(i);
    Batch &batch = state->batches[i];
    // A batch split off by a failed bufferizing run has not been analysed,
    // even when the others went ahead.
    if (batch.clone || state->analyseOnly(batch))
      state->bufferize(batch);
  }
  state->report();
  state.reset();
}

void bufferlens::runTensorAnalysis(SourceIndex &index,
                                   llvm::ArrayRef<FunctionId> functions,
                                   const AnalysisOptions &options) {
  TensorAnalysis(index, functions, options).finish();
}
