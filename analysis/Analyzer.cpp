//===- Analyzer.cpp -------------------------------------------------------===//

#include "analysis/Analyzer.h"
#include "analysis/Directives.h"
#include "analysis/FunctionBudget.h"
#include "analysis/checker/Checker.h"
#include "analysis/checker/Summaries.h"
#include "analysis/classic/ClassicAnalysis.h"
#include "analysis/ir/BufferFacts.h"
#include "analysis/ir/DestroyIR.h"
#include "analysis/ir/ParsedModule.h"
#include "analysis/ir/Registry.h"
#include "analysis/ir/SourceIndex.h"
#include "analysis/ownership/OwnershipAnalysis.h"
#include "analysis/tensor/PassLimits.h"
#include "analysis/tensor/TensorAnalysis.h"
#include "analysis/tensorfixes/TensorFixes.h"
#include "analysis/tensormemref/BufferizedFindings.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <optional>
#include <tuple>

using namespace bufferlens;
using namespace mlir;

/// Whether `fn` holds an op only upstream's ownership-based deallocation
/// writes: `bufferization.dealloc`, or
/// `memref.extract_aligned_pointer_as_index` (the alias checks of its lowering,
/// LowerDeallocations.cpp). The same names as parts/StageTies.h, which decides
/// it lexically for the analyses of a piece of a document.
static bool hasDeallocationArtefact(FunctionOpInterface fn) {
  WalkResult walk = fn->walk([&](Operation *op) {
    if (isa<bufferization::DeallocOp, memref::ExtractAlignedPointerAsIndexOp>(
            op))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return walk.wasInterrupted();
}

/// Whether the module shows it went through upstream's deallocation
/// pipeline, which runs on every function of a module: then a function
/// that frees nothing (its free deleted, say) is still past it, and judged
/// on its own it would look not deallocated yet, its leak unreported. A
/// plain `memref.dealloc` in another function is not enough: hand-written
/// modules mix functions written with their frees and functions left to
/// the pass.
static bool moduleIsDeallocated(SourceIndex &index) {
  const AnalysisResult &result = index.result();
  for (FunctionId fn = 0; fn < (FunctionId)result.functions.size(); ++fn)
    // Only functions that verified, as decideStage.
    if (result.functions[fn].analysed &&
        hasDeallocationArtefact(index.function(fn)))
      return true;
  return false;
}

static void decideStage(SourceIndex &index, FunctionId fn,
                        StageOverride fileOverride,
                        const AnalysisOptions &options,
                        bool moduleDeallocated) {
  FunctionEntry &entry = index.result().functions[fn];
  // A function that failed verification is not analysed, and asking its ops
  // for their effects may crash: `linalg.generic`'s effects index its
  // payload's arguments, which the verifier is what guarantees exist.
  if (!entry.analysed)
    return;
  StageOverride chosen =
      fileOverride != StageOverride::Auto ? fileOverride : options.stage;
  if (chosen != StageOverride::Auto) {
    entry.stage = chosen == StageOverride::Deallocated ? Stage::Deallocated
                                                       : Stage::Bufferized;
    entry.stageFromOverride = true;
    return;
  }
  entry.stage = moduleDeallocated || freesMemory(index.function(fn))
                    ? Stage::Deallocated
                    : Stage::Bufferized;
}

static void skipIfNotBufferized(SourceIndex &index, FunctionId fn) {
  FunctionEntry &entry = index.result().functions[fn];
  if (!entry.analysed)
    return;
  if (Operation *op = opBeforeBufferization(index.function(fn))) {
    entry.analysed = false;
    entry.notAnalysed = "@" + entry.name + " is not bufferized yet (`" +
                        op->getName().getStringRef().str() +
                        "` works on tensors); the deallocation passes run "
                        "after One-Shot Bufferize";
  }
}

/// Whether the user turned `finding` off: its check disabled, or a
/// directive suppressing it on its line. MLIR's own errors never are.
static bool turnedOff(const Finding &finding, const Directives &directives,
                      const LineIndex &lines, const AnalysisOptions &options) {
  return finding.code != FindingCode::None &&
         (!options.isEnabled(finding.code) ||
          directives.suppresses(finding.code,
                                lines.toByteColumn(finding.range.begin).line));
}

/// Drops the findings from `first` on that the user turned off, as
/// applyUserSettings will: a stage's suppressed findings (100,000
/// `// bufferlens: ignore BL301`, 32 MB of findings) then leave before the
/// next stage builds its own, instead of adding to its peak.
static void dropTurnedOff(std::vector<Finding> &findings, size_t first,
                          const Directives &directives, const LineIndex &lines,
                          const AnalysisOptions &options) {
  auto off = [&](const Finding &finding) {
    return turnedOff(finding, directives, lines, options);
  };
  auto kept = std::remove_if(findings.begin() + first, findings.end(), off);
  if (kept == findings.end())
    return; // Nothing to give back: no copy of the findings.
  findings.erase(kept, findings.end());
  findings.shrink_to_fit();
}

// Suppressions, enabled checks and severities apply to our own findings;
// MLIR's parse and verifier errors always stay.
static void applyUserSettings(std::vector<Finding> &findings,
                              const Directives &directives,
                              const LineIndex &lines,
                              const AnalysisOptions &options) {
  std::vector<Finding> kept;
  kept.reserve(findings.size());
  for (Finding &finding : findings) {
    if (turnedOff(finding, directives, lines, options))
      continue;
    if (finding.code != FindingCode::None) {
      if (!finding.ownSeverity || options.severity.count(finding.code))
        finding.severity = options.severityOf(finding.code);
    }
    kept.push_back(std::move(finding));
  }
  // One finding per code and range: when two analyses say the same thing
  // about one op (e.g. both cannot handle it, BL204), the later wins.
  std::map<std::tuple<FindingCode, uint32_t, uint32_t>, size_t> seen;
  std::vector<Finding> unique;
  for (Finding &finding : kept) {
    if (finding.code == FindingCode::None) {
      unique.push_back(std::move(finding));
      continue;
    }
    auto key =
        std::make_tuple(finding.code, finding.range.begin, finding.range.end);
    auto [it, inserted] = seen.emplace(key, unique.size());
    if (inserted)
      unique.push_back(std::move(finding));
    else
      unique[it->second] = std::move(finding);
  }
  kept = std::move(unique);
  std::stable_sort(kept.begin(), kept.end(),
                   [](const Finding &a, const Finding &b) {
                     if (a.range.begin != b.range.begin)
                       return a.range.begin < b.range.begin;
                     return a.code < b.code;
                   });
  findings = std::move(kept);
}

/// What the early hook receives: the findings so far, as the complete
/// result will show them.
static std::vector<Finding> earlyFindings(const AnalysisResult &result,
                                          const Directives &directives,
                                          const LineIndex &lines,
                                          const AnalysisOptions &options,
                                          std::vector<Finding> more = {}) {
  std::vector<Finding> findings = result.findings;
  findings.insert(findings.end(), std::make_move_iterator(more.begin()),
                  std::make_move_iterator(more.end()));
  findings.insert(findings.end(), directives.problems.begin(),
                  directives.problems.end());
  applyUserSettings(findings, directives, lines, options);
  return findings;
}

AnalysisResult bufferlens::analyzeDocument(std::string_view text,
                                           std::string_view bufferName,
                                           const AnalysisOptions &options,
                                           const EarlyFindingsHook &early) {
  return analyzeDocument(std::make_shared<const std::string>(text), bufferName,
                         options, early);
}

AnalysisResult bufferlens::analyzeDocument(TextRef text,
                                           std::string_view bufferName,
                                           const AnalysisOptions &options,
                                           const EarlyFindingsHook &early) {
  AnalysisResult result;
  result.sharedText = std::move(text);
  LineIndex lines(result.text());
  Directives directives = parseDirectives(result.text(), lines);

  std::unique_ptr<MLIRContext> context = takeThreadContext(options.dialects);
  std::unique_ptr<ParsedModule> parsed =
      ParsedModule::parse(result.text(), bufferName, *context, result.findings);
  if (!parsed) {
    result.parseFailed = true;
    if (early)
      early(earlyFindings(result, directives, lines, options));
  } else {
    SourceIndex index(*parsed, result);
    // Every range the analyses report is in the index now.
    parsed->releaseParserState();
    checker::SummaryCache summaries(index, CheckerLimits{});
    FunctionBudgets budgets(result, options.functionBudget);
    // Runs one stage of one function under its budget; false once the
    // function is past it (FunctionBudget.h).
    auto timed = [&](FunctionId fn, llvm::function_ref<void()> stage) {
      return budgets.run(fn, stage);
    };
    FunctionId count = static_cast<FunctionId>(result.functions.size());
    std::vector<char> analyse(count, 0);
    // Functions One-Shot Bufferize would still rewrite (analysis/tensor/):
    // those that verified, before the deallocation analyses skip the ones
    // still on tensors.
    std::vector<FunctionId> onTensors;
    for (FunctionId fn = 0; fn < count; ++fn)
      if (result.functions[fn].analysed && budgets.fitsOperations(fn) &&
          worksOnTensors(index.function(fn)))
        onTensors.push_back(fn);
    bool moduleDeallocated = moduleIsDeallocated(index);
    for (FunctionId fn = 0; fn < count; ++fn) {
      decideStage(index, fn, directives.stage, options, moduleDeallocated);
      skipIfNotBufferized(index, fn);
      analyse[fn] = result.functions[fn].analysed && budgets.fitsOperations(fn);
    }
    // The checker first: its errors are cheap (a few percent of the
    // analysis) and go out in the early findings.
    for (FunctionId fn = 0; fn < count; ++fn)
      if (analyse[fn] && result.functions[fn].stage == Stage::Deallocated)
        analyse[fn] = timed(
            fn, [&] { runDeallocationChecker(index, fn, {}, &summaries); });
    size_t published = result.findings.size();
    // Upstream's passes run under the function budget and crash recovery
    // (analysis/tensor/PassLimits.h): the analysis-only runs ahead of the
    // early findings as well as the rest.
    TensorPassLimits tensorLimits;
    tensorLimits.milliseconds = options.functionBudget.milliseconds;
    if (options.functionBudget.megabytes <= (UINT64_MAX >> 20))
      tensorLimits.memoryBytes = options.functionBudget.megabytes << 20;
    std::optional<ScopedTensorPassLimits> tensorScope(std::in_place,
                                                      tensorLimits);
    TensorAnalysis tensor(index, onTensors, options);
    // The memref analyses read each batch's bufferized copy as the tensor
    // analysis leaves it (tensormemref/BufferizedFindings.h).
    BufferizedFindings memrefFindings(index, options);
    tensor.onBufferized(
        [&](const TaggedClone &copy, llvm::ArrayRef<FunctionId> allocating) {
          memrefFindings.keep(copy, allocating);
        });
    if (early) {
      // Where One-Shot Bufferize fails (BL503) is known after its
      // analysis-only runs, most of what it finds wrong: errors the user
      // should see with the others, not after the whole tensor analysis.
      tensor.analyseAhead();
      early(earlyFindings(result, directives, lines, options,
                          tensor.failuresSoFar()));
    }
    reserveBufferFacts(result, analyse);
    for (FunctionId fn = 0; fn < count; ++fn)
      if (analyse[fn] && timed(fn, [&] { computeBufferFacts(index, fn); }))
        timed(fn, [&] { analyzeClassic(index, fn, options); });
    dropTurnedOff(result.findings, published, directives, lines, options);
    runOwnershipAnalysis(index, options, timed);
    tensor.finish();
    tensorScope.reset();
    // A function past its budget in upstream's pass is reported as one
    // past it in any stage; what the pass said about it goes.
    for (auto [fn, why] : tensorLimits.exceeded) {
      budgets.stopped(fn, why);
      for (TensorPlan &plan : result.tensor)
        if (plan.function == fn) {
          plan = TensorPlan{};
          plan.function = fn;
        }
    }
    // Past its budget in the memref analyses of its bufferized copy, a
    // function is stopped as in any other stage.
    for (auto [fn, why] : memrefFindings.report())
      budgets.stopped(fn, why);
    addTensorFixes(index, onTensors, bufferName, options);
    budgets.finish(published);
    dropDuplicateClassicPreconditions(result);
  }
  if (parsed)
    eraseNestedInnermostFirst(parsed->module()); // Linear (DestroyIR.h).
  parsed.reset();
  giveBackThreadContext(std::move(context), result.ops.size() + 1);

  for (Finding &problem : directives.problems)
    result.findings.push_back(std::move(problem));
  applyUserSettings(result.findings, directives, lines, options);
  return result;
}
