//===- Rewrite.h - The user's module with a deallocation plan applied -----===//
//
// `bufferlens rewrite`, the pipeline preview and the stage graphs show the
// IR a deallocation strategy produces. The result is text; with
// `withLocations` it carries `loc(...)` attributes naming the user's file,
// so a view of it can map ops back to the user's ranges.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_REWRITE_REWRITE_H
#define BUFFERLENS_ANALYSIS_REWRITE_REWRITE_H

#include "analysis/model/Model.h"
#include "analysis/model/Options.h"
#include "analysis/ownership/Pipeline.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bufferlens {

/// MultiBuffer is BL303's refactor, not a deallocation strategy: upstream's
/// memref::multiBuffer on one allocation (MultiBuffer.h).
enum class RewriteStrategy { Classic, Ownership, MultiBuffer };

struct RewriteRequest {
  RewriteStrategy strategy = RewriteStrategy::Ownership;
  /// For the ownership strategy: how far down the upstream pipeline.
  OwnershipStage stage = OwnershipStage::Lowered;
  /// Print `loc(...)` attributes (ownership strategy only: the classic
  /// rewrite prints without them).
  bool withLocations = false;
  /// mlir-opt fails the whole module when one function is rejected (it
  /// already frees memory, or breaks a precondition). A preview may instead
  /// leave such functions as written and name them in `keptAsWritten`.
  bool keepRejectedFunctions = false;
  /// Rewrite this function alone (the others stand as declarations) and
  /// print just it, and any function the passes added (the pipeline's
  /// alias-check helper), with attributes and types written out rather
  /// than aliased, for an edit that replaces the function in place.
  std::optional<std::string> onlyFunction;
  /// For the multi-buffer rewrite: a byte offset inside the `memref.alloc`
  /// to rewrite, and how many slices it gets (BL303 checks with 2).
  std::optional<uint32_t> allocation;
  unsigned factor = 2;
};

struct RewriteOutput {
  bool succeeded = false;
  std::string text;
  /// Parse errors of the input, or the passes' own errors, with ranges in
  /// the input.
  std::vector<Finding> diagnostics;
  /// With keepRejectedFunctions: the functions left as written.
  std::vector<std::string> keptAsWritten;
  /// With onlyFunction: the functions the passes added to the module.
  std::vector<std::string> addedFunctions;
};

RewriteOutput rewriteDocument(std::string_view text,
                              std::string_view bufferName,
                              const RewriteRequest &request,
                              const AnalysisOptions &options);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_REWRITE_REWRITE_H
