//===- PassLimits.cpp -----------------------------------------------------===//

#include "analysis/tensor/PassLimits.h"
#include "analysis/FunctionBudget.h"
#include "analysis/ir/SourceIndex.h"
#include "analysis/ownership/TaggedClone.h"
#include "analysis/tensor/Internal.h"
#include "support/AbandonedFrames.h"
#include "support/CrashName.h"

#include "mlir/Pass/PassManager.h"
#include "llvm/Support/CrashRecoveryContext.h"

#include <chrono>
#include <mutex>

using namespace bufferlens;
using namespace bufferlens::tensor;
using namespace mlir;

static thread_local TensorPassLimits *currentLimits = nullptr;

ScopedTensorPassLimits::ScopedTensorPassLimits(TensorPassLimits &limits)
    : previous(currentLimits) {
  currentLimits = &limits;
}

ScopedTensorPassLimits::~ScopedTensorPassLimits() { currentLimits = previous; }

TensorPassLimits *bufferlens::currentTensorPassLimits() {
  return currentLimits;
}

GuardedRun tensor::runGuarded(llvm::function_ref<bool()> body,
                              bool annotating) {
  GuardedRun run;
  auto start = std::chrono::steady_clock::now();
  uint64_t residentBefore = BudgetMeter::residentBytes();
  // annotateConflict (OneShotAnalysis.cpp) numbers conflicts with a
  // function-local `static uint64_t counter`, incremented without
  // synchronization: two documents analysed at once could give two
  // conflicts of one module the same "C_<n>" and mix their markers. The
  // annotating runs take turns. Locked and unlocked by hand: a crash
  // leaves the lambda by longjmp, past any destructor in it.
  static std::mutex annotatingRuns;
  if (annotating)
    annotatingRuns.lock();
  llvm::CrashRecoveryContext recovery;
  bool succeeded = false;
  run.crashed = !recovery.RunSafely([&] { succeeded = body(); });
  if (annotating)
    annotatingRuns.unlock();
  if (run.crashed)
    forgetAbandonedFrames();
  run.retCode = run.crashed ? recovery.RetCode : 0;
  run.succeeded = succeeded && !run.crashed;
  run.milliseconds = std::chrono::duration_cast<std::chrono::milliseconds>(
                         std::chrono::steady_clock::now() - start)
                         .count();
  uint64_t residentAfter = BudgetMeter::residentBytes();
  run.grewBytes =
      residentAfter > residentBefore ? residentAfter - residentBefore : 0;
  return run;
}

std::optional<TensorPassLimits::Exceeded>
tensor::exceededLimits(const GuardedRun &run) {
  TensorPassLimits *limits = currentLimits;
  if (!limits || run.crashed)
    return std::nullopt;
  if (limits->milliseconds && run.milliseconds > limits->milliseconds)
    return TensorPassLimits::Exceeded::Time;
  if (limits->memoryBytes && run.grewBytes > limits->memoryBytes)
    return TensorPassLimits::Exceeded::Memory;
  return std::nullopt;
}

/// The functions of `clone` (those with a body in it).
static std::vector<FunctionId> functionsOf(const SourceIndex &index,
                                           const TaggedClone &clone) {
  std::vector<FunctionId> functions;
  for (FunctionId fn = 0; fn < (FunctionId)index.result().functions.size();
       ++fn)
    if (Operation *copy = clone.lookup(index.function(fn)))
      if (!cast<FunctionOpInterface>(copy).isExternal())
        functions.push_back(fn);
  return functions;
}

bool tensor::isolateCulprits(const SourceIndex &index, const TaggedClone &clone,
                             PassMode mode, llvm::StringRef passOptions,
                             const GuardedRun &run,
                             std::vector<PassError> &errors) {
  if (run.crashed)
    clone.leakModule(); // Its IR stopped mid-rewrite: not destroyed.
  std::vector<FunctionId> batch = functionsOf(index, clone);
  const AnalysisResult &result = index.result();
  std::optional<TensorPassLimits::Exceeded> exceeded = exceededLimits(run);
  if (batch.size() == 1) {
    FunctionId fn = batch.front();
    PassError error;
    error.function = fn;
    error.range = result.functions[fn].nameRange;
    if (run.crashed) {
      error.message = "the pass crashed (" + describeCrash(run.retCode) +
                      ") on this function; the other functions are analysed "
                      "without it";
    } else {
      currentLimits->exceeded.push_back({fn, *exceeded});
      error.message = "over its budget";
    }
    errors.push_back(std::move(error));
    return false;
  }
  // Which functions do it alone? Each probe is a run of its own, under the
  // same guard: it reports its own crash, budget or failure.
  TaggedClone::SymbolMap symbols =
      TaggedClone::symbolsOf(index.parsed().module());
  std::vector<PassError> found;
  for (FunctionId fn : batch) {
    TaggedClone alone(index, {fn}, symbols);
    std::vector<PassError> probe;
    if (!runOneShotBufferize(index, alone, mode, passOptions, probe))
      llvm::append_range(found, probe);
  }
  if (!found.empty()) {
    llvm::append_range(errors, found);
    return false;
  }
  if (!run.crashed)
    return run.succeeded; // Slow together, not alone: the run stands.
  // Crashes only together: the batch is the culprit.
  PassError error;
  error.message = "the pass crashed (" + describeCrash(run.retCode) +
                  ") on these functions together, though on none alone";
  errors.push_back(std::move(error));
  return false;
}
