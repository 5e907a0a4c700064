// OneShotHalves (analysis/tensor/OneShotHalves.h) runs upstream's
// one-shot-bufferize as two halves so one analysis serves both the markers
// and the bufferized copy. That is only sound if the halves do what the
// pass does: on every tensor input of the tests, and for each option set
// below, the analysis half writes the markers the pass's
// `test-analysis-only print-conflicts` run writes, and the bufferizing half
// gives the IR the pass gives (generic form, locations included), or the
// same errors.

#include "analysis/tensor/OneShotHalves.h"
#include "TestUtil.h"
#include "analysis/ir/Registry.h"
#include "analysis/tensor/Internal.h"

#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/Regex.h"

#include <gtest/gtest.h>

using namespace bufferlens;
using namespace bufferlens::tensor;
using bufferlens::test::forEachMlirFileBelow;
using bufferlens::test::splitInputFile;

namespace {

/// Option sets the tensor view may be given (settings, RUN lines) and the
/// halves take (the memory-space options are left to the pass:
/// OptionsOnlyThePassRuns).
const char *const kOptionSets[] = {
    "bufferize-function-boundaries",
    "",
    "bufferize-function-boundaries "
    "function-boundary-type-conversion=identity-layout-map",
    "bufferize-function-boundaries allow-return-allocs-from-loops",
    "bufferize-function-boundaries unknown-type-conversion=identity-layout-map",
    "bufferize-function-boundaries analysis-heuristic=top-down",
    "bufferize-function-boundaries allow-unknown-ops "
    "dialect-filter=tensor,bufferization",
    "bufferize-function-boundaries buffer-alignment=16 "
    "check-parallel-regions=false",
};

/// The module printed, and the errors of the run that made it.
struct Outcome {
  bool succeeded = false;
  std::string printed;
  std::string errors;
};

std::string print(mlir::ModuleOp module) {
  std::string text = bufferlens::test::printGenericForm(module);
  // The conflict markers ("C_<n>[DEF: ...]", "C_<n>[CONFL-WRITE: ...]",
  // "C_<n>[READ: ...]") are left out: which conflict upstream's analysis
  // names first follows the order of pointers, and two runs of the pass
  // itself on two copies name different ones (LaterRead.h picks a stable
  // read for that reason). The in-place decisions they explain
  // (`__inplace_operands_attr__`) are compared. Non-writable markers keep
  // their text; their numbers come from a counter of the process
  // (annotateNonWritableTensor).
  std::string out = text;
  llvm::Regex conflict("\"C_[0-9]+\\[[^]\"]*\\]\"(, )?");
  while (conflict.match(out))
    out = conflict.sub("", out);
  llvm::Regex emptyDictionary(" \\{\\}");
  while (emptyDictionary.match(out))
    out = emptyDictionary.sub("", out);
  llvm::Regex number("\"W_[0-9]+\\[");
  while (number.match(out))
    out = number.sub("\"W_#[", out);
  return out;
}

template <typename Run> Outcome outcomeOf(mlir::ModuleOp module, Run run) {
  Outcome outcome;
  mlir::ScopedDiagnosticHandler handler(
      module->getContext(), [&](mlir::Diagnostic &diag) {
        if (diag.getSeverity() == mlir::DiagnosticSeverity::Error)
          outcome.errors += diag.str() + "\n";
        return mlir::success();
      });
  outcome.succeeded = run();
  outcome.printed = print(module);
  return outcome;
}

Outcome byThePass(mlir::ModuleOp module, const std::string &options,
                  bool analysisOnly) {
  return outcomeOf(module, [&] {
    std::unique_ptr<mlir::Pass> pass =
        mlir::bufferization::createOneShotBufferizePass();
    EXPECT_TRUE(mlir::succeeded(pass->initializeOptions(
        options + (analysisOnly ? " test-analysis-only print-conflicts" : ""),
        [](const llvm::Twine &) { return mlir::failure(); })));
    mlir::PassManager pm(module->getContext(),
                         mlir::ModuleOp::getOperationName());
    pm.enableVerifier(!analysisOnly);
    pm.addPass(std::move(pass));
    return mlir::succeeded(pm.run(module));
  });
}

struct Counts {
  size_t analysed = 0;   ///< Runs whose markers were compared.
  size_t bufferized = 0; ///< Runs whose bufferized IR was compared.
  size_t failed = 0;     ///< Runs whose errors were compared.
};

void compare(mlir::ModuleOp original, const std::string &options,
             const std::string &where, Counts &counts) {
  // As the tensor analysis runs them: options parsed once, each run's
  // halves a fresh copy of them.
  std::unique_ptr<OneShotHalves> parsed = OneShotHalves::forOptions(options);
  ASSERT_TRUE(parsed) << options;
  std::unique_ptr<OneShotHalves> halves = parsed->fresh();
  mlir::OwningOpRef<mlir::ModuleOp> markedByPass = original.clone();
  Outcome passMarkers = byThePass(*markedByPass, options, true);

  mlir::OwningOpRef<mlir::ModuleOp> copy = original.clone();
  AttributesBefore attributes(*copy);
  Outcome halfMarkers =
      outcomeOf(*copy, [&] { return mlir::succeeded(halves->analyse(*copy)); });
  EXPECT_EQ(halfMarkers.succeeded, passMarkers.succeeded) << where;
  EXPECT_EQ(halfMarkers.errors, passMarkers.errors) << where;
  if (!passMarkers.succeeded || !halfMarkers.succeeded) {
    ++counts.failed;
    return;
  }
  EXPECT_EQ(halfMarkers.printed, passMarkers.printed) << where;
  ++counts.analysed;

  mlir::OwningOpRef<mlir::ModuleOp> bufferizedByPass = original.clone();
  Outcome pass = byThePass(*bufferizedByPass, options, false);
  attributes.restore();
  Outcome half = outcomeOf(*copy, [&] {
    return mlir::succeeded(halves->bufferize(*copy)) &&
           mlir::succeeded(mlir::verify(*copy));
  });
  EXPECT_EQ(half.succeeded, pass.succeeded) << where;
  EXPECT_EQ(half.errors, pass.errors) << where;
  if (pass.succeeded && half.succeeded) {
    EXPECT_EQ(half.printed, pass.printed) << where;
    ++counts.bufferized;
  } else {
    ++counts.failed;
  }
}

TEST(OneShotHalvesTest, HalvesDoWhatThePassDoes) {
  Counts counts;
  std::unique_ptr<mlir::MLIRContext> context = createContext();
  size_t files = forEachMlirFileBelow(
      {"test/lit/tensor", "test/corpus/programs", "test/corpus/upstream",
       "examples"},
      [&](const std::filesystem::path &path, const std::string &text) {
        std::vector<std::string> chunks = splitInputFile(text);
        for (size_t i = 0; i < chunks.size(); ++i) {
          mlir::ScopedDiagnosticHandler quiet(
              context.get(),
              [](mlir::Diagnostic &) { return mlir::success(); });
          mlir::OwningOpRef<mlir::ModuleOp> module =
              mlir::parseSourceString<mlir::ModuleOp>(chunks[i], context.get());
          // Tensor inputs only: one with no tensor op is the same IR
          // either way.
          if (!module || chunks[i].find("tensor<") == std::string::npos)
            continue;
          for (const char *options : kOptionSets)
            compare(*module, options,
                    path.string() + " chunk " + std::to_string(i) + " with '" +
                        options + "'",
                    counts);
        }
      });
  EXPECT_GT(files, 10u);
  // Not vacuous: many runs compared both halves, and some failed alike.
  EXPECT_GT(counts.analysed, 200u);
  EXPECT_GT(counts.bufferized, 200u);
  EXPECT_GT(counts.failed, 5u);
}

// What the halves leave to the pass: options with no analysis to share, or
// that the pass refuses with an error of its own.
TEST(OneShotHalvesTest, OptionsOnlyThePassRuns) {
  EXPECT_TRUE(OneShotHalves::forOptions("bufferize-function-boundaries"));
  EXPECT_FALSE(OneShotHalves::forOptions(
      "bufferize-function-boundaries copy-before-write"));
  EXPECT_FALSE(OneShotHalves::forOptions(
      "bufferize-function-boundaries no-analysis-func-filter=f"));
  EXPECT_FALSE(OneShotHalves::forOptions(
      "bufferize-function-boundaries must-infer-memory-space"));
  EXPECT_FALSE(OneShotHalves::forOptions(
      "bufferize-function-boundaries use-encoding-for-memory-space"));
  EXPECT_FALSE(
      OneShotHalves::forOptions("unknown-type-conversion=infer-layout-map"));
  EXPECT_FALSE(OneShotHalves::forOptions("analysis-heuristic=sideways"));
  EXPECT_FALSE(OneShotHalves::forOptions("no-such-option"));
}

} // namespace
