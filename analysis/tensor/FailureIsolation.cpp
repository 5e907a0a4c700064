//===- FailureIsolation.cpp - Run the pass, keep its errors ---------------===//
//
// The pass is upstream's own (`createOneShotBufferizePass`), built with the
// options `mlir-opt --one-shot-bufferize=bufferize-function-boundaries`
// builds, so what we report is what that command does: the pass turns its
// options into OneShotBufferizationOptions itself (Bufferize.cpp,
// OneShotBufferizePass::runOnOperation: layout maps, alignment), and a
// hand-built options struct would differ from it in those. Its errors
// (OneShotAnalysis.cpp, e.g. "Yield operand #0 is not equivalent to the
// corresponding iter bbArg"; Bufferize.cpp, "op was not bufferized") are
// collected with a ScopedDiagnosticHandler and mapped to the user's op by
// the copy's location tags.
//
//===----------------------------------------------------------------------===//

#include "analysis/ir/SourceIndex.h"
#include "analysis/ownership/TaggedClone.h"
#include "analysis/tensor/Internal.h"
#include "analysis/tensor/OneShotHalves.h"

#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"

using namespace bufferlens;
using namespace bufferlens::tensor;
using namespace mlir;

/// The function of the copy's set an error location points into.
static FunctionId functionAt(const SourceIndex &index, OpId op,
                             SourceRange range) {
  const AnalysisResult &result = index.result();
  if (op != kNone)
    return result.ops[op].function;
  if (range.empty())
    return kNone;
  // An error at a function itself (e.g. "cannot bufferize a FuncOp with
  // tensors and without a unique ReturnOp"): functions carry the user's
  // location, not a tag.
  for (FunctionId fn = 0; fn < (FunctionId)result.functions.size(); ++fn)
    if (result.functions[fn].fullRange.begin <= range.begin &&
        range.begin < result.functions[fn].fullRange.end)
      return fn;
  return kNone;
}

/// Runs `body` (the pass, or one of its halves) on `clone` under the
/// guard (PassLimits.h), the errors it reports collected into `errors`; a
/// run that crashes or costs too much is narrowed to the functions that do
/// (with the pass, in `mode`).
static bool runCollecting(const SourceIndex &index, const TaggedClone &clone,
                          PassMode mode, llvm::StringRef passOptions,
                          std::vector<PassError> &errors,
                          llvm::function_ref<bool()> body) {
  MLIRContext *context = clone.module()->getContext();
  ScopedDiagnosticHandler handler(context, [&](Diagnostic &diag) {
    if (diag.getSeverity() != DiagnosticSeverity::Error)
      return success();
    PassError error;
    error.op = clone.originOpOf(diag.getLocation());
    error.range = error.op != kNone
                      ? index.result().ops[error.op].nameRange
                      : index.parsed().rangeOf(diag.getLocation());
    if (error.range.empty() && error.op != kNone)
      error.range = index.parsed().rangeOf(diag.getLocation());
    error.function = functionAt(index, error.op, error.range);
    error.message = diag.str();
    errors.push_back(std::move(error));
    return success();
  });
  size_t errorsBefore = errors.size();
  GuardedRun run =
      runGuarded(body, /*annotating=*/mode == PassMode::AnalysisOnly);
  if (!run.crashed && !exceededLimits(run))
    return run.succeeded;
  errors.resize(errorsBefore); // A crashed run's errors are not the whole.
  return isolateCulprits(index, clone, mode, passOptions, run, errors);
}

bool tensor::runOneShotBufferize(const SourceIndex &index,
                                 const TaggedClone &clone, PassMode mode,
                                 llvm::StringRef passOptions,
                                 std::vector<PassError> &errors) {
  ModuleOp module = clone.module();
  MLIRContext *context = module->getContext();
  std::unique_ptr<Pass> pass = bufferization::createOneShotBufferizePass();
  // What `test-analysis-only print-conflicts` writes: the in-place
  // decision of every tensor operand (`__inplace_operands_attr__`) and the
  // definition, conflicting write and read of every conflict
  // (OneShotAnalysis.cpp, annotateOpsWithBufferizationMarkers and
  // annotateConflict). The user's options never carry these
  // (withoutViewOptions), so each is given once.
  std::string text = passOptions.str();
  text += mode == PassMode::AnalysisOnly
              ? " test-analysis-only=true print-conflicts=true"
              : " test-analysis-only=false print-conflicts=false";
  if (failed(pass->initializeOptions(text,
                                     [](const Twine &) { return failure(); })))
    return false; // Checked before: validOneShotOptions.
  PassManager pm(context, ModuleOp::getOperationName());
  // Verified after the pass, as mlir-opt does: upstream's pass can emit IR
  // its verifier rejects (a `memref.alloc` with a memory space and a
  // strided layout for `bufferization.alloc_tensor {memory_space}` at a
  // function boundary), and mlir-opt then fails with that error. The
  // analysis-only run writes attributes and nothing else
  // (AnalysisMarkers.cpp) on functions that verified, and the same copy is
  // bufferized and verified next: verifying it in between would cost as
  // much as a tenth of the tensor analysis and find nothing.
  pm.enableVerifier(mode == PassMode::Bufferize);
  pm.addPass(std::move(pass));
  return runCollecting(index, clone, mode, passOptions, errors,
                       [&] { return succeeded(pm.run(module)); });
}

bool tensor::analyseWithHalves(const SourceIndex &index,
                               const TaggedClone &clone, OneShotHalves &halves,
                               llvm::StringRef passOptions,
                               std::vector<PassError> &errors) {
  return runCollecting(
      index, clone, PassMode::AnalysisOnly, passOptions, errors,
      [&] { return succeeded(halves.analyse(clone.module())); });
}

bool tensor::bufferizeWithHalves(const SourceIndex &index,
                                 const TaggedClone &clone,
                                 OneShotHalves &halves,
                                 llvm::StringRef passOptions,
                                 std::vector<PassError> &errors) {
  return runCollecting(
      index, clone, PassMode::Bufferize, passOptions, errors, [&] {
        ModuleOp module = clone.module();
        // Verified after, as the pass manager verifies
        // after the pass (runOneShotBufferize).
        return succeeded(halves.bufferize(module)) && succeeded(verify(module));
      });
}

std::optional<std::string>
tensor::invalidOneShotOptions(llvm::StringRef passOptions) {
  std::unique_ptr<Pass> pass = bufferization::createOneShotBufferizePass();
  std::string message;
  if (succeeded(pass->initializeOptions(passOptions, [&](const Twine &error) {
        // "<Pass-Options-Parser>: no such option X\n": the reason only.
        message = llvm::StringRef(error.str())
                      .trim()
                      .split("<Pass-Options-Parser>: ")
                      .second.str();
        if (message.empty())
          message = llvm::StringRef(error.str()).trim().str();
        return failure();
      })))
    return std::nullopt;
  return message.empty() ? std::string("not accepted by the pass") : message;
}
