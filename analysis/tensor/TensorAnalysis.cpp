//===- TensorAnalysis.cpp -------------------------------------------------===//

#include "analysis/tensor/TensorAnalysis.h"
#include "analysis/ir/SourceIndex.h"
#include "analysis/ownership/TaggedClone.h"
#include "analysis/tensor/Internal.h"
#include "analysis/tensor/PassOptions.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>

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

std::optional<uint64_t> tensor::staticBytes(Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasStaticShape())
    return std::nullopt;
  Type element = shaped.getElementType();
  if (!element.isIntOrFloat())
    return std::nullopt;
  uint64_t bits = element.getIntOrFloatBitWidth();
  return static_cast<uint64_t>(shaped.getNumElements()) * ((bits + 7) / 8);
}

std::string tensor::typeAndBytes(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  if (std::optional<uint64_t> bytes = staticBytes(type))
    os << ", " << *bytes << " bytes";
  return text;
}

/// `functions` in batches of at most kBatchFunctions, in their order,
/// each batch a union of whole components of the call graph (a call in
/// either direction ties two functions; a function whose symbol uses MLIR
/// cannot list ties to all). Upstream stops at the first function it fails
/// on and the batch runs again without it (runTensorAnalysis): in batches,
/// a file with many such functions costs a run per failure of a batch, not
/// of the whole file, and what the pass concludes about a call still sees
/// its callee.
static std::vector<std::vector<FunctionId>>
batchesByCalls(const SourceIndex &index, llvm::ArrayRef<FunctionId> functions,
               const std::map<FunctionId, TaggedClone::SymbolNames> &names) {
  constexpr size_t kBatchFunctions = 16;
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
    if (batches.empty() ||
        batches.back().size() + component.size() > kBatchFunctions)
      batches.emplace_back();
    llvm::append_range(batches.back(), component);
  }
  return batches;
}

// One run of each kind per batch of whole call-graph components
// (batchesByCalls): the module's call graph decides what the pass concludes
// about a call (a callee that returns its argument lets the caller write in
// place), so functions that call each other are analysed together.
// Upstream stops at the first function it fails on; that function gets the
// error (BL503) and the run is repeated without it, so one bad function
// does not hide what happens in the others. Its callers then see a
// declaration, as for any external function.
void bufferlens::runTensorAnalysis(SourceIndex &index,
                                   llvm::ArrayRef<FunctionId> functions,
                                   const AnalysisOptions &options) {
  if (functions.empty())
    return;
  AnalysisResult &result = index.result();
  TaggedClone::SymbolMap symbols =
      TaggedClone::symbolsOf(index.parsed().module());
  std::vector<FunctionId> remaining;
  std::map<FunctionId, TensorPlan> plans;
  for (FunctionId fn : functions)
    plans[fn].function = fn;
  // The symbols each function names, listed once: the batches, the check
  // for names defined twice and every copy of a batch ask.
  std::map<FunctionId, TaggedClone::SymbolNames> symbolNames;
  for (FunctionId fn : functions)
    symbolNames[fn] = TaggedClone::symbolNamesOf(index.function(fn));

  // Failing errors go to their function, which leaves the set. An error
  // that names no function of the set (the module: a cycle of calls) fails
  // them all, as it fails upstream's run.
  auto fail = [&](const std::vector<PassError> &errors) {
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
    // A failure without any message still fails its functions.
    for (FunctionId fn : failed) {
      if (plans[fn].failures.empty())
        plans[fn].failures.push_back({kNone, result.functions[fn].nameRange,
                                      "One-Shot Bufferize failed"});
      llvm::erase(remaining, fn);
    }
  };

  OneShotPassOptions pass = chooseOneShotOptions(result.text(), options);
  if (std::optional<std::string> invalid = invalidOneShotOptions(pass.text)) {
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
    result.findings.push_back(std::move(finding));
    pass = {"bufferize-function-boundaries",
            OneShotPassOptions::Origin::Default,
            {}};
  }

  // Runs the batch in `remaining` until the pass accepts what is left. One
  // copy serves both runs: what the analysis-only run writes on it is read
  // (its markers, and the ops' aliasing for the explanations) and taken off
  // again (AnalysisMarkers.cpp) before the same copy is bufferized.
  auto analyseBatch = [&]() {
    while (!remaining.empty()) {
      std::vector<PassError> errors;
      std::vector<TaggedClone::SymbolNames> used;
      for (FunctionId fn : remaining)
        used.push_back(symbolNames.at(fn));
      TaggedClone clone(index, remaining, symbols, used);
      AttributesBefore attributes(clone.module());
      if (!runOneShotBufferize(index, clone, PassMode::AnalysisOnly, pass.text,
                               errors)) {
        fail(errors);
        continue;
      }
      // Read into a plan of their own: a failure of the bufferizing run
      // repeats the batch without its function.
      std::map<FunctionId, TensorPlan> decided;
      readInPlaceDecisions(index, clone, remaining, decided);
      std::map<FunctionId, std::vector<ResultAliasing>> aliasing;
      if (options.explanations)
        for (FunctionId fn : remaining)
          if (auto found = readResultAliasing(index, clone, fn))
            aliasing[fn] = std::move(*found);
      attributes.restore();
      if (!runOneShotBufferize(index, clone, PassMode::Bufferize, pass.text,
                               errors)) {
        fail(errors);
        continue;
      }
      for (auto &[fn, plan] : decided)
        plans[fn].outOfPlace = std::move(plan.outOfPlace);
      std::vector<AllocationSite> sites;
      readBufferizedEffects(index, clone, remaining, plans, sites);
      readReleases(index, clone, remaining, sites, options, plans);
      for (FunctionId fn : remaining) {
        plans[fn].bufferized = true;
        auto it = aliasing.find(fn);
        if (it != aliasing.end())
          explainTensorBuffers(index, it->second, plans[fn]);
      }
      break;
    }
  };
  // A symbol defined twice (MLIR rejects the redefinition; BufferLens parses
  // top-level ops apart, so both stand) leaves a call's callee ambiguous,
  // and upstream's pass crashes on a call whose callee has another type.
  // A function naming such a symbol is not run through the pass.
  llvm::StringMap<unsigned> definitions;
  for (Operation &op : index.parsed().module().getBody()->getOperations())
    if (auto symbol = dyn_cast<SymbolOpInterface>(op))
      ++definitions[symbol.getName()];
  std::vector<FunctionId> runnable;
  for (FunctionId fn : functions) {
    const TaggedClone::SymbolNames &uses = symbolNames.at(fn);
    std::string twice;
    if (uses)
      for (StringAttr name : *uses) {
        if (definitions.lookup(name.getValue()) > 1) {
          twice = name.getValue().str();
          break;
        }
      }
    if (twice.empty()) {
      runnable.push_back(fn);
      continue;
    }
    plans[fn].failures.push_back(
        {kNone, result.functions[fn].nameRange,
         "`@" + twice +
             "` is defined more than once in this file (MLIR rejects the "
             "redefinition), so which one is called is not known"});
  }
  for (std::vector<FunctionId> &batch :
       batchesByCalls(index, runnable, symbolNames)) {
    remaining = std::move(batch);
    analyseBatch();
  }

  for (FunctionId fn : functions) {
    reportTensorFindings(index, plans[fn]);
    result.tensor.push_back(std::move(plans[fn]));
  }
}
