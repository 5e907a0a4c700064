//===- Rewrite.cpp --------------------------------------------------------===//

#include "analysis/rewrite/Rewrite.h"
#include "analysis/ir/BufferFacts.h"
#include "analysis/ir/ParsedModule.h"
#include "analysis/ir/Registry.h"
#include "analysis/ownership/KnownPassCrashes.h"
#include "analysis/rewrite/ClassicRewrite.h"
#include "analysis/rewrite/MultiBuffer.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace bufferlens;
using namespace mlir;

namespace {
/// A private declaration standing in for a function while the passes run:
/// calls still resolve, and the passes skip bodiless functions.
Operation *declarationOf(FunctionOpInterface fn) {
  Operation *copy = fn->cloneWithoutRegions();
  auto decl = cast<FunctionOpInterface>(copy);
  // A body-less function op has no region contents; the verifier requires
  // declarations to be private.
  SymbolTable::setSymbolVisibility(decl, SymbolTable::Visibility::Private);
  return copy;
}
} // namespace

/// Functions the passes must not see: those that already free memory, and
/// those named in `rejected`. Returns (placeholder, original) pairs; the
/// originals are detached until restore().
static std::vector<std::pair<Operation *, Operation *>>
stubOut(ModuleOp module, const std::set<std::string> &rejected) {
  std::vector<std::pair<Operation *, Operation *>> swapped;
  for (auto fn : llvm::make_early_inc_range(
           module.getBody()->getOps<FunctionOpInterface>())) {
    if (fn.isExternal())
      continue;
    if (!freesMemory(fn) && !rejected.count(fn.getName().str()))
      continue;
    Operation *stub = declarationOf(fn);
    module.getBody()->getOperations().insert(fn->getIterator(), stub);
    fn->remove();
    swapped.emplace_back(stub, fn.getOperation());
  }
  return swapped;
}

static void restore(std::vector<std::pair<Operation *, Operation *>> &swapped) {
  for (auto &[stub, original] : swapped) {
    stub->getBlock()->getOperations().insert(stub->getIterator(), original);
    stub->erase();
  }
  swapped.clear();
}

/// Refuses, as the pass's own rejections are, the functions of `module` the
/// ownership pass would read freed memory on. True when there are any.
/// `asWritten`, when the pipeline's prologue ran first: the functions that
/// had such an op before it; the others are told the prologue made it (not
/// that the pass alone handles them: here nothing ran it to see).
static bool
refuseKnownCrashes(ParsedModule &parsed, const AnalysisOptions &options,
                   std::vector<Finding> &diagnostics,
                   std::set<std::string> &rejected,
                   const llvm::DenseSet<Operation *> *asWritten = nullptr) {
  bool refused = false;
  // Every function the pass will see, in nested modules too; a nested one
  // is refused under the name of the top-level op that holds it.
  parsed.module()->walk([&](FunctionOpInterface fn) {
    KnownPassCrash crash =
        findKnownPassCrash(fn, options.privateFunctionDynamicOwnership);
    if (!crash)
      return;
    Finding finding;
    finding.code = FindingCode::BL204;
    finding.severity = Severity::Error;
    finding.range = parsed.rangeOf(crash.op->getLoc());
    finding.message = !asWritten || asWritten->contains(fn)
                          ? crash.message
                          : pipelineCrashMessage(crash,
                                                 /*passAloneHandlesIt=*/false);
    diagnostics.push_back(std::move(finding));
    Operation *top = fn;
    while (top->getParentOp() != parsed.module().getOperation())
      top = top->getParentOp();
    if (auto name =
            top->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
      rejected.insert(name.str());
    refused = true;
  });
  return refused;
}

/// Runs the stage's passes; on failure, the names of the top-level
/// functions the errors point into are added to `rejected`.
/// An error of the rewrite itself, not at a place in the text.
static Finding rewriteError(std::string message) {
  Finding error;
  error.severity = Severity::Error;
  error.message = std::move(message);
  return error;
}

static LogicalResult runPipeline(ParsedModule &parsed,
                                 const RewriteRequest &request,
                                 const AnalysisOptions &options,
                                 std::vector<Finding> &diagnostics,
                                 std::set<std::string> &rejected) {
  MLIRContext *context = parsed.module()->getContext();
  // The passes report through the context; keep their messages with the
  // user's ranges.
  ScopedDiagnosticHandler handler(context, [&](Diagnostic &diag) {
    Finding finding;
    finding.source = "mlir";
    finding.severity = diag.getSeverity() == DiagnosticSeverity::Error
                           ? Severity::Error
                           : Severity::Warning;
    finding.range = parsed.rangeOf(diag.getLocation());
    finding.message = diag.str();
    diagnostics.push_back(std::move(finding));
  });
  auto failedIn = [&]() {
    for (auto fn : parsed.module().getBody()->getOps<FunctionOpInterface>()) {
      const auto *def = parsed.asmState().getOpDef(fn);
      if (!def)
        continue;
      SourceRange range = parsed.rangeOf(def->scopeLoc);
      for (const Finding &diag : diagnostics)
        if (range.begin <= diag.range.begin && diag.range.begin < range.end)
          rejected.insert(fn.getName().str());
    }
    return failure();
  };

  PassManager pm(context, ModuleOp::getOperationName());
  llvm::DenseSet<Operation *> crashAsWritten;
  bool canonicalized = request.stage == OwnershipStage::Lowered;
  if (canonicalized) {
    parsed.module()->walk([&](FunctionOpInterface fn) {
      if (findKnownPassCrash(fn, options.privateFunctionDynamicOwnership))
        crashAsWritten.insert(fn);
    });
    // What the ownership pass sees is the prologue's output.
    PassManager prologue(context, ModuleOp::getOperationName());
    buildLoweringPrologue(prologue);
    if (failed(prologue.run(parsed.module())))
      return failedIn();
    buildLoweringRest(pm, options);
  } else {
    buildOwnershipPipeline(pm, request.stage, options);
  }
  if (refuseKnownCrashes(parsed, options, diagnostics, rejected,
                         canonicalized ? &crashAsWritten : nullptr))
    return failure();
  if (succeeded(pm.run(parsed.module())))
    return success();
  return failedIn();
}

RewriteOutput bufferlens::rewriteDocument(std::string_view text,
                                          std::string_view bufferName,
                                          const RewriteRequest &request,
                                          const AnalysisOptions &options) {
  if (request.strategy == RewriteStrategy::MultiBuffer)
    return multiBufferDocument(text, bufferName, request, options.dialects);
  RewriteOutput out;
  if (request.strategy == RewriteStrategy::Classic) {
    std::string error;
    std::vector<std::string> notes;
    std::optional<std::string> text_ =
        rewriteClassic(text, bufferName, options, error, notes);
    if (!text_) {
      out.diagnostics.push_back(rewriteError(error));
      return out;
    }
    out.text = std::move(*text_);
    out.succeeded = true;
    return out;
  }

  // First as mlir-opt would: the whole module or nothing. A preview may
  // instead leave the functions the passes reject as written.
  std::unique_ptr<MLIRContext> context;
  std::unique_ptr<ParsedModule> parsed;
  std::set<std::string> keptAsWritten;
  std::set<std::string> before; // with onlyFunction: the module's functions
  while (true) {
    // A retry's module goes before the context that owns its types and
    // attributes: destroyed after it, the module reads freed memory.
    parsed.reset();
    context = createContext(options.dialects);
    out.diagnostics.clear();
    parsed = ParsedModule::parse(text, bufferName, *context, out.diagnostics);
    if (!parsed || !out.diagnostics.empty())
      return out;
    std::vector<std::pair<Operation *, Operation *>> swapped;
    if (request.onlyFunction) {
      // Every other function stands as a declaration while the passes run.
      std::set<std::string> others;
      before.clear();
      for (auto fn :
           parsed->module().getBody()->getOps<FunctionOpInterface>()) {
        before.insert(fn.getName().str());
        if (fn.getName() != *request.onlyFunction)
          others.insert(fn.getName().str());
      }
      if (!before.count(*request.onlyFunction)) {
        out.diagnostics.push_back(
            rewriteError("no function @" + *request.onlyFunction));
        return out;
      }
      swapped = stubOut(parsed->module(), others);
    } else if (request.keepRejectedFunctions) {
      swapped = stubOut(parsed->module(), keptAsWritten);
    }
    std::set<std::string> rejected;
    if (succeeded(runPipeline(*parsed, request, options, out.diagnostics,
                              rejected))) {
      restore(swapped);
      break;
    }
    restore(swapped);
    if (request.onlyFunction)
      return out;
    // Retry without the functions the passes rejected, when allowed and
    // when that makes progress.
    size_t before = keptAsWritten.size();
    keptAsWritten.insert(rejected.begin(), rejected.end());
    if (!request.keepRejectedFunctions || keptAsWritten.size() == before)
      return out;
  }
  out.diagnostics.clear();
  for (const std::string &name : keptAsWritten)
    out.keptAsWritten.push_back(name);

  if (request.onlyFunction) {
    OpPrintingFlags flags;
    flags.useLocalScope();
    for (auto fn : parsed->module().getBody()->getOps<FunctionOpInterface>()) {
      std::string printed;
      llvm::raw_string_ostream os(printed);
      fn->print(os, flags);
      if (fn.getName() == *request.onlyFunction)
        out.text = std::move(printed);
      else if (!before.count(fn.getName().str()))
        out.addedFunctions.push_back(std::move(printed));
    }
    out.succeeded = true;
    return out;
  }

  llvm::raw_string_ostream os(out.text);
  OpPrintingFlags flags;
  if (request.withLocations)
    flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
  parsed->module()->print(os, flags);
  os << "\n";
  out.succeeded = true;
  return out;
}
