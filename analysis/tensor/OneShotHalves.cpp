//===- OneShotHalves.cpp --------------------------------------------------===//

#include "analysis/tensor/OneShotHalves.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/Bufferize.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotModuleBufferize.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringSwitch.h"

#include <mutex>
#include <optional>
#include <vector>

// The pass's generated base class, for its option parser alone: the same
// option names, types, defaults and enum spellings as `mlir-opt
// --one-shot-bufferize=...`. Generated into a namespace of our own, so its
// factory functions do not meet upstream's.
namespace bufferlens::tensor::generated {
using namespace mlir;
using namespace mlir::bufferization;
#define GEN_PASS_DEF_ONESHOTBUFFERIZEPASS
#include "mlir/Dialect/Bufferization/Transforms/Passes.h.inc"
} // namespace bufferlens::tensor::generated

using namespace bufferlens;
using namespace bufferlens::tensor;
using namespace mlir;
using namespace mlir::bufferization;

namespace {
/// Never run: it holds the parsed options.
struct ParsedOptions
    : generated::impl::OneShotBufferizePassBase<ParsedOptions> {
  using Base::Base;
  void runOnOperation() override {}

  static OneShotBufferizationOptions::AnalysisHeuristic
  heuristic(llvm::StringRef name) {
    using Heuristic = OneShotBufferizationOptions::AnalysisHeuristic;
    return llvm::StringSwitch<Heuristic>(name)
        .Case("top-down", Heuristic::TopDown)
        .Case("bottom-up-from-terminators", Heuristic::BottomUpFromTerminators)
        .Case("fuzzer", Heuristic::Fuzzer)
        .Default(Heuristic::BottomUp);
  }

  /// What OneShotBufferizePass::runOnOperation makes of the options, or
  /// nullopt for what the halves leave to the pass: the options it refuses
  /// with an error of its own, copy-before-write (no analysis to share),
  /// no-analysis-func-filter (a second option set for the analysis), an
  /// analysis heuristic the pass would not know, and the two memory-space
  /// options, whose functions the pass defines in its source alone (with
  /// use-encoding-for-memory-space, a function of ours returning no memory
  /// space for an unranked tensor crashed where the pass bufferizes:
  /// test/corpus/upstream/one-shot/
  /// one-shot-bufferize-func-boundary-ranked-from-unranked.mlir).
  std::optional<OneShotBufferizationOptions> toOptions() const {
    llvm::StringRef name = analysisHeuristic.getValue();
    if (copyBeforeWrite || !noAnalysisFuncFilter.empty() ||
        mustInferMemorySpace || useEncodingForMemorySpace ||
        unknownTypeConversion == LayoutMapOption::InferLayoutMap ||
        dumpAliasSets || testAnalysisOnly || printConflicts ||
        !llvm::is_contained(
            {"bottom-up", "top-down", "bottom-up-from-terminators", "fuzzer"},
            name))
      return std::nullopt;
    OneShotBufferizationOptions opt;
    opt.allowReturnAllocsFromLoops = allowReturnAllocsFromLoops;
    opt.allowUnknownOps = allowUnknownOps;
    opt.analysisFuzzerSeed = analysisFuzzerSeed;
    opt.analysisHeuristic = heuristic(name);
    opt.copyBeforeWrite = false;
    opt.dumpAliasSets = false;
    opt.setFunctionBoundaryTypeConversion(functionBoundaryTypeConversion);
    opt.bufferAlignment = bufferAlignment;
    opt.bufferizeFunctionBoundaries = bufferizeFunctionBoundaries;
    opt.checkParallelRegions = checkParallelRegions;
    LayoutMapOption unknown = unknownTypeConversion;
    opt.unknownTypeConverterFn = [unknown](TensorType type,
                                           Attribute memorySpace,
                                           const BufferizationOptions &) {
      if (unknown == LayoutMapOption::IdentityLayoutMap)
        return getMemRefTypeWithStaticIdentityLayout(type, memorySpace);
      return getMemRefTypeWithFullyDynamicLayout(type, memorySpace);
    };
    // The pass's filter reads its option when asked; ours holds a copy, as
    // the options outlive this object.
    std::vector<std::string> dialects(dialectFilter.begin(),
                                      dialectFilter.end());
    opt.opFilter.allowOperation([dialects](Operation *op) {
      return dialects.empty() ||
             llvm::is_contained(dialects, op->getDialect()->getNamespace());
    });
    return opt;
  }
};
} // namespace

struct OneShotHalves::Impl {
  /// The analysis's options: the user's with the markers of
  /// `test-analysis-only print-conflicts`. AnalysisState keeps a reference
  /// to them, so they live here.
  OneShotBufferizationOptions analysis;
  /// The rewrite's: the user's as given.
  OneShotBufferizationOptions rewrite;
  std::unique_ptr<OneShotAnalysisState> state;
  BufferizationState bufferization;
  /// Set while a half runs: still set when it is destroyed, the half was
  /// left by a crash (PassLimits.h recovers them) mid-update.
  bool running = false;
};

/// What a crash left mid-update: never destroyed (its maps may be half
/// rewritten), but kept reachable, as TaggedClone keeps the copies such a
/// crash leaves, so that a leak checker sees memory given up on purpose.
static void abandon(OneShotHalves::Impl *impl) {
  static std::mutex mutex;
  static auto *abandoned = new std::vector<OneShotHalves::Impl *>();
  std::lock_guard<std::mutex> lock(mutex);
  abandoned->push_back(impl);
}

OneShotHalves::OneShotHalves(std::unique_ptr<Impl> impl)
    : impl(std::move(impl)) {}

OneShotHalves::~OneShotHalves() {
  if (impl && impl->running)
    abandon(impl.release());
}

std::unique_ptr<OneShotHalves>
OneShotHalves::forOptions(llvm::StringRef passOptions) {
  ParsedOptions parsed;
  if (failed(parsed.initializeOptions(
          passOptions, [](const llvm::Twine &) { return failure(); })))
    return nullptr;
  std::optional<OneShotBufferizationOptions> options = parsed.toOptions();
  if (!options)
    return nullptr;
  auto impl = std::make_unique<Impl>();
  impl->rewrite = *options;
  impl->analysis = *options;
  impl->analysis.testAnalysisOnly = true;
  impl->analysis.printConflicts = true;
  return std::unique_ptr<OneShotHalves>(new OneShotHalves(std::move(impl)));
}

std::unique_ptr<OneShotHalves> OneShotHalves::fresh() const {
  auto copy = std::make_unique<Impl>();
  copy->analysis = impl->analysis;
  copy->rewrite = impl->rewrite;
  return std::unique_ptr<OneShotHalves>(new OneShotHalves(std::move(copy)));
}

LogicalResult OneShotHalves::analyse(ModuleOp module) {
  // The dialects the pass declares it depends on.
  MLIRContext *context = module->getContext();
  context->getOrLoadDialect<BufferizationDialect>();
  context->getOrLoadDialect<memref::MemRefDialect>();
  impl->running = true;
  impl->state = std::make_unique<OneShotAnalysisState>(module, impl->analysis);
  // As insertTensorCopies(op, options, ...) analyses.
  LogicalResult analysed = impl->analysis.bufferizeFunctionBoundaries
                               ? analyzeModuleOp(module, *impl->state)
                               : analyzeOp(module, *impl->state);
  impl->running = false;
  return analysed;
}

LogicalResult OneShotHalves::bufferize(ModuleOp module) {
  if (!impl->state)
    return failure();
  impl->running = true;
  // The rest of insertTensorCopies, then of runOneShotModuleBufferize (or
  // runOneShotBufferize without function boundaries).
  LogicalResult bufferized = failure();
  if (succeeded(insertTensorCopies(module, *impl->state, impl->bufferization)))
    bufferized =
        impl->rewrite.bufferizeFunctionBoundaries
            ? bufferizeModuleOp(module, impl->rewrite, impl->bufferization)
            : bufferizeOp(module, impl->rewrite, impl->bufferization);
  impl->running = false;
  impl->state.reset(); // Used up.
  return bufferized;
}
