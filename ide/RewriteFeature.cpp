//===- RewriteFeature.cpp - bufferlens/rewrite: the pipeline preview ------===//
//
// The document as a deallocation strategy rewrites it
// (analysis/rewrite/Rewrite.h), made under crash isolation. A preview shows
// what it can: functions the passes reject stay as written, named in a comment
// at the top.
//
//===----------------------------------------------------------------------===//

#include "ide/CrashIsolation.h"
#include "ide/Features.h"

using namespace bufferlens;

RewritePreview bufferlens::rewritePreview(const Snapshot &snapshot,
                                          RewriteRequest request,
                                          const std::string &bufferName,
                                          const AnalysisOptions &options) {
  request.keepRejectedFunctions = true;
  RewritePreview preview;
  RewriteOutput out;
  int retCode = 0;
  if (!rewriteSafely(snapshot.text(), bufferName, request, options, out,
                     retCode)) {
    preview.error = "the rewrite crashed (" + describeCrash(retCode) + ")";
    return preview;
  }
  if (!out.succeeded) {
    preview.error = "the rewrite failed";
    if (!out.diagnostics.empty()) {
      const Finding &first = out.diagnostics.front();
      preview.error += ": ";
      if (!first.range.empty()) {
        LineColumn at = snapshot.lines().toByteColumn(first.range.begin);
        preview.error += std::to_string(at.line + 1) + ":" +
                         std::to_string(at.column + 1) + ": ";
      }
      preview.error += first.message;
    }
    return preview;
  }
  for (const std::string &name : out.keptAsWritten)
    preview.text += "// @" + name +
                    " is left as written: the deallocation passes reject it "
                    "(it already frees memory, or breaks a precondition)\n";
  preview.text += out.text;
  return preview;
}
