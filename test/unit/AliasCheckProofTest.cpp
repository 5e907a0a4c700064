//===- AliasCheckProofTest.cpp - The BL203 shortcut against the pipeline --===//
//
// provablyNoRuntimeAliasCheck lets BL203 skip the whole
// buffer-deallocation-pipeline. On generated bufferized functions, whenever
// it says "no check", the real pipeline must leave no base-pointer
// extraction in the function; and it must say so for functions the older
// filter (no dealloc of several memrefs or with retained values) could not
// clear, or it would be pointless.
//
//===----------------------------------------------------------------------===//

#include "analysis/ownership/AliasCheckProof.h"
#include "BufferizedGenerator.h"
#include "TestUtil.h"
#include "analysis/ir/Registry.h"
#include "analysis/model/Options.h"
#include "analysis/ownership/KnownPassCrashes.h"
#include "analysis/ownership/Pipeline.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include <gtest/gtest.h>

using namespace bufferlens;
using namespace mlir;

namespace {

/// Runs one stage of the deallocation passes on a copy of `module`.
OwningOpRef<ModuleOp> runStage(ModuleOp module, OwnershipStage stage) {
  OwningOpRef<ModuleOp> copy(module.clone());
  PassManager pm(module->getContext());
  buildOwnershipPipeline(pm, stage, AnalysisOptions());
  if (failed(pm.run(*copy)))
    return nullptr;
  return copy;
}

/// Whether the ownership pass would read freed memory on a function of
/// `module` (it would here too).
bool hasKnownPassCrash(ModuleOp module) {
  bool crashes = false;
  module->walk([&](FunctionOpInterface fn) {
    crashes |= !fn.isExternal() && bool(findKnownPassCrash(fn));
  });
  return crashes;
}

/// The whole pipeline, as OwnershipAnalysis runs it: null where the
/// prologue makes a shape the pass is known to crash on (it would read
/// freed memory here too), or where a pass fails.
OwningOpRef<ModuleOp> runPipelineUnlessKnownCrash(ModuleOp module) {
  OwningOpRef<ModuleOp> copy(module.clone());
  PassManager prologue(module->getContext()), rest(module->getContext());
  buildLoweringPrologue(prologue);
  buildLoweringRest(rest, AnalysisOptions());
  if (failed(prologue.run(*copy)))
    return nullptr;
  if (hasKnownPassCrash(*copy) || failed(rest.run(*copy)))
    return nullptr;
  return copy;
}

bool hasDeallocNeedingCheckBeforeSimplification(Operation *function) {
  bool found = false;
  function->walk([&](bufferization::DeallocOp dealloc) {
    found |= dealloc.getMemrefs().size() > 1 || !dealloc.getRetained().empty();
  });
  return found;
}

bool comparesPointers(Operation *function) {
  bool found = false;
  function->walk([&](memref::ExtractAlignedPointerAsIndexOp) { found = true; });
  return found;
}

} // namespace

TEST(AliasCheckProofTest, NeverClearsAFunctionThePipelineChecks) {
  std::unique_ptr<MLIRContext> context = createContext();
  unsigned knownCrashes = 0, proven = 0, provenBeyondOldFilter = 0, checked = 0,
           unproven = 0;
  for (uint32_t seed = 1; seed <= 1000; ++seed) {
    std::string text = test::BufferizedGenerator::module(seed, 1);
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(text, context.get());
    ASSERT_TRUE(module) << text;
    if (findKnownPassCrash(SymbolTable::lookupSymbolIn(*module, "g0"))) {
      ++knownCrashes; // The pass would read freed memory.
      continue;
    }
    OwningOpRef<ModuleOp> ownership =
        runStage(*module, OwnershipStage::Ownership);
    OwningOpRef<ModuleOp> lowered = runStage(*module, OwnershipStage::Lowered);
    ASSERT_TRUE(ownership && lowered) << text;
    Operation *withDeallocs = SymbolTable::lookupSymbolIn(*ownership, "g0");
    Operation *withChecks = SymbolTable::lookupSymbolIn(*lowered, "g0");
    bool proof = provablyNoRuntimeAliasCheck(withDeallocs);
    bool checks = comparesPointers(withChecks);
    if (proof) {
      EXPECT_FALSE(checks) << "proven, yet the pipeline compares pointers:\n"
                           << text;
      ++proven;
      provenBeyondOldFilter +=
          hasDeallocNeedingCheckBeforeSimplification(withDeallocs);
    } else {
      ++unproven;
    }
    checked += checks;
  }
  // Neither side vacuous: the generator makes both kinds of function, and
  // the proof clears functions the bare dealloc shapes could not.
  EXPECT_GT(checked, 200u);
  EXPECT_GT(proven, 70u);
  EXPECT_GT(provenBeyondOldFilter, 70u);
  std::cout << proven << " proven (" << provenBeyondOldFilter
            << " beyond the dealloc shapes), " << unproven << " not, "
            << checked << " with pointer comparisons, " << knownCrashes
            << " skipped (known upstream crash)\n";
}

// An allocation's origins are read without the alias analysis of the
// whole function (AliasCheckProof.cpp, allocatedWithoutSources): the
// proof must be the one that analysis gives, and the analysis must not be
// built where every buffer asked about is an allocation's.
TEST(AliasCheckProofTest, AllocationsReadAloneGiveTheWholeFlowsProof) {
  std::unique_ptr<MLIRContext> context = createContext();
  unsigned compared = 0, spared = 0;
  for (uint32_t seed = 1; seed <= 1000; ++seed) {
    std::string text = test::BufferizedGenerator::module(seed, 1);
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(text, context.get());
    ASSERT_TRUE(module) << text;
    if (findKnownPassCrash(SymbolTable::lookupSymbolIn(*module, "g0")))
      continue;
    OwningOpRef<ModuleOp> ownership =
        runStage(*module, OwnershipStage::Ownership);
    ASSERT_TRUE(ownership) << text;
    Operation *withDeallocs = SymbolTable::lookupSymbolIn(*ownership, "g0");
    AliasCheckProofStats alone, whole;
    whole.alwaysBuildFlow = true;
    EXPECT_EQ(provablyNoRuntimeAliasCheck(withDeallocs, alone),
              provablyNoRuntimeAliasCheck(withDeallocs, whole))
        << text;
    ++compared;
    spared += alone.flowAnalyses < whole.flowAnalyses;
  }
  // 689 and 41 when written (the others are known upstream crashes).
  EXPECT_GT(compared, 600u);
  EXPECT_GT(spared, 30u);
  std::cout << spared << " of " << compared
            << " proofs built no alias analysis of the whole function\n";
}

TEST(AliasCheckProofTest, ASelectChainOverAllocationsBuildsNoWholeFlow) {
  std::unique_ptr<MLIRContext> context = createContext();
  // bench/blowups.py's `select` shape: the dealloc at the end frees the
  // base of every allocation, and no value flows into an allocation.
  std::string text = "func.func @select(%c: i1, %i: index) -> f32 {\n"
                     "  %s0 = memref.alloc() : memref<8xf32>\n";
  for (int k = 1; k < 50; ++k)
    text += "  %a" + std::to_string(k) +
            " = memref.alloc() : memref<8xf32>\n  %s" + std::to_string(k) +
            " = arith.select %c, %s" + std::to_string(k - 1) + ", %a" +
            std::to_string(k) + " : memref<8xf32>\n";
  text += "  %v = memref.load %s49[%i] : memref<8xf32>\n"
          "  return %v : f32\n}\n";
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(text, context.get());
  ASSERT_TRUE(module);
  OwningOpRef<ModuleOp> ownership =
      runStage(*module, OwnershipStage::Ownership);
  ASSERT_TRUE(ownership);
  Operation *withDeallocs = SymbolTable::lookupSymbolIn(*ownership, "select");
  AliasCheckProofStats alone, whole;
  whole.alwaysBuildFlow = true;
  EXPECT_TRUE(provablyNoRuntimeAliasCheck(withDeallocs, alone));
  EXPECT_TRUE(provablyNoRuntimeAliasCheck(withDeallocs, whole));
  EXPECT_EQ(alone.flowAnalyses, 0u);
  EXPECT_EQ(whole.flowAnalyses, 1u);
  // The pipeline agrees: it compares no pointers.
  OwningOpRef<ModuleOp> lowered = runStage(*module, OwnershipStage::Lowered);
  ASSERT_TRUE(lowered);
  EXPECT_FALSE(
      comparesPointers(SymbolTable::lookupSymbolIn(*lowered, "select")));
}

// The same on IR nobody here wrote: every input of upstream's tests in the
// corpus, and our own analysis inputs, function by function.
TEST(AliasCheckProofTest, NeverClearsAFunctionThePipelineChecksOnRealIR) {
  std::unique_ptr<MLIRContext> context = createContext();
  unsigned proven = 0, provenBeyondOldFilter = 0, checked = 0, chunks = 0;
  auto visit = [&](const std::string &text, const std::string &what) {
    ScopedDiagnosticHandler silence(context.get(),
                                    [](Diagnostic &) { return success(); });
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(text, context.get());
    if (!module)
      return;
    if (hasKnownPassCrash(*module))
      return;
    OwningOpRef<ModuleOp> ownership =
        runStage(*module, OwnershipStage::Ownership);
    OwningOpRef<ModuleOp> lowered =
        ownership ? runPipelineUnlessKnownCrash(*module) : nullptr;
    if (!lowered)
      return;
    ++chunks;
    ownership->walk([&](FunctionOpInterface withDeallocs) {
      if (withDeallocs.isExternal())
        return;
      auto withChecks = dyn_cast_or_null<FunctionOpInterface>(
          SymbolTable::lookupSymbolIn(*lowered, withDeallocs.getName()));
      if (!withChecks || withChecks.isExternal())
        return;
      bool checks = comparesPointers(withChecks);
      checked += checks;
      if (!provablyNoRuntimeAliasCheck(withDeallocs))
        return;
      EXPECT_FALSE(checks) << "proven, yet the pipeline compares pointers in @"
                           << withDeallocs.getName().str() << " of " << what;
      ++proven;
      provenBeyondOldFilter +=
          hasDeallocNeedingCheckBeforeSimplification(withDeallocs);
    });
  };
  test::forEachMlirFileBelow(
      {"test/corpus"},
      [&](const std::filesystem::path &path, const std::string &text) {
        for (const std::string &chunk : test::splitInputFile(text))
          visit(chunk, path.string());
      });
  test::forEachAnalysisInput(
      [&](const std::filesystem::path &path, const std::string &text) {
        visit(text, path.string());
      });
  EXPECT_GT(chunks, 250u); // 283 when written.
  EXPECT_GT(checked, 20u);
  EXPECT_GT(provenBeyondOldFilter, 20u);
  std::cout << proven << " proven (" << provenBeyondOldFilter
            << " beyond the dealloc shapes), " << checked
            << " with pointer comparisons, in " << chunks << " inputs\n";
}

// Our two halves of the lowered stage (so the ownership pass's input can be
// checked in between) are upstream's pipeline, pass for pass and option
// for option.
TEST(AliasCheckProofTest, LoweringHalvesAreUpstreamsPipeline) {
  std::unique_ptr<MLIRContext> context = createContext();
  for (bool dynamic : {false, true}) {
    AnalysisOptions options;
    options.privateFunctionDynamicOwnership = dynamic;
    PassManager ours(context.get()), upstream(context.get());
    buildLoweringPrologue(ours);
    buildLoweringRest(ours, options);
    bufferization::BufferDeallocationPipelineOptions upstreamOptions;
    upstreamOptions.privateFunctionDynamicOwnership = dynamic;
    bufferization::buildBufferDeallocationPipeline(upstream, upstreamOptions);
    std::string oursText, upstreamText;
    llvm::raw_string_ostream oursStream(oursText), upstreamStream(upstreamText);
    ours.printAsTextualPipeline(oursStream);
    upstream.printAsTextualPipeline(upstreamStream);
    EXPECT_EQ(oursText, upstreamText);
    EXPECT_NE(oursText.find("ownership-based-buffer-deallocation"),
              std::string::npos);
  }
}
