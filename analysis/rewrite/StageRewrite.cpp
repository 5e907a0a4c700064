//===- StageRewrite.cpp - A deallocation stage of the user's module -------===//

#include "analysis/rewrite/StageRewrite.h"
#include "analysis/Analyzer.h"
#include "analysis/rewrite/Rewrite.h"

using namespace bufferlens;

std::optional<ViewStage> bufferlens::parseViewStage(std::string_view name) {
  for (ViewStage stage : {ViewStage::Input, ViewStage::Classic,
                          ViewStage::Ownership, ViewStage::Pipeline})
    if (name == toString(stage))
      return stage;
  return std::nullopt;
}

const char *bufferlens::toString(ViewStage stage) {
  switch (stage) {
  case ViewStage::Input:
    return "input";
  case ViewStage::Classic:
    return "classic";
  case ViewStage::Ownership:
    return "ownership";
  case ViewStage::Pipeline:
    return "pipeline";
  }
  return "input";
}

StageRewrite bufferlens::rewriteForStage(ViewStage stage, std::string_view text,
                                         const std::string &bufferName,
                                         const AnalysisOptions &options,
                                         bool keepRejectedFunctions) {
  StageRewrite out;
  RewriteRequest request;
  request.strategy = stage == ViewStage::Classic ? RewriteStrategy::Classic
                                                 : RewriteStrategy::Ownership;
  request.stage = stage == ViewStage::Ownership ? OwnershipStage::Ownership
                                                : OwnershipStage::Lowered;
  request.withLocations = true;
  request.keepRejectedFunctions = keepRejectedFunctions;
  RewriteOutput rewrite = rewriteDocument(text, bufferName, request, options);
  if (!rewrite.succeeded) {
    out.error = std::string("the ") + toString(stage) + " rewrite failed" +
                (rewrite.diagnostics.empty()
                     ? std::string()
                     : ": " + rewrite.diagnostics.front().message);
    return out;
  }
  out.keptAsWritten = std::move(rewrite.keptAsWritten);
  // Another name than the user's, so the locations naming the user's file
  // are recorded as origins.
  out.result = analyzeDocument(
      rewrite.text, bufferName + " (" + toString(stage) + ")", options);
  out.succeeded = true;
  return out;
}
