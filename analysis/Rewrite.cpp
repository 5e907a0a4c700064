//===- Rewrite.cpp --------------------------------------------------------===//

#include "analysis/Rewrite.h"
#include "analysis/ParsedModule.h"
#include "analysis/Registry.h"
#include "analysis/classic/ClassicRewrite.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

using namespace bufferlens;
using namespace mlir;

RewriteOutput bufferlens::rewriteDocument(std::string_view text,
                                          std::string_view bufferName,
                                          const RewriteRequest &request,
                                          const AnalysisOptions &options) {
  RewriteOutput out;
  if (request.strategy == RewriteStrategy::Classic) {
    std::string error;
    std::vector<std::string> notes;
    std::optional<std::string> text_ =
        rewriteClassic(text, bufferName, options, error, notes);
    if (!text_) {
      out.diagnostics.push_back(
          {"", Severity::Error, {}, error, "bufferlens", {}, {}});
      return out;
    }
    out.text = std::move(*text_);
    out.succeeded = true;
    return out;
  }

  std::unique_ptr<MLIRContext> context = createContext();
  std::unique_ptr<ParsedModule> parsed =
      ParsedModule::parse(text, bufferName, *context, out.diagnostics);
  if (!parsed || !out.diagnostics.empty())
    return out;

  PassManager pm(context.get(), ModuleOp::getOperationName());
  buildOwnershipPipeline(pm, request.stage, options);
  {
    // The passes report through the context; keep their messages with the
    // user's ranges.
    ScopedDiagnosticHandler handler(context.get(), [&](Diagnostic &diag) {
      Finding finding;
      finding.source = "mlir";
      finding.severity = diag.getSeverity() == DiagnosticSeverity::Error
                             ? Severity::Error
                             : Severity::Warning;
      finding.range = parsed->rangeOf(diag.getLocation());
      finding.message = diag.str();
      out.diagnostics.push_back(std::move(finding));
    });
    if (failed(pm.run(parsed->module())))
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
