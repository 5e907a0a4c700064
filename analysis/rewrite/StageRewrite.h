//===- StageRewrite.h - A deallocation stage of the user's module ---------===//
//
// The views that show a stage (`bufferlens graph --stage`, the server's
// `bufferlens/graph`) draw the analysis of the module as that stage
// rewrites it, linked back to the user's text. This is the one path both
// take: rewrite (with locations), then analyse the rewritten text under
// another buffer name, so that the locations naming the user's file read
// as origins (viz::OriginMap).
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_REWRITE_STAGEREWRITE_H
#define BUFFERLENS_ANALYSIS_REWRITE_STAGEREWRITE_H

#include "analysis/model/Model.h"
#include "analysis/model/Options.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bufferlens {

/// What a view draws: the file as written, or a deallocation strategy's
/// rewrite of it.
enum class ViewStage {
  Input,     ///< the file as written, with the analyses' findings
  Classic,   ///< our classic BufferDeallocation plan applied
  Ownership, ///< upstream's ownership-based-buffer-deallocation
  Pipeline,  ///< upstream's whole buffer-deallocation-pipeline
};

/// "input", "classic", "ownership" or "pipeline"; nullopt for other text.
std::optional<ViewStage> parseViewStage(std::string_view name);
const char *toString(ViewStage stage);

struct StageRewrite {
  bool succeeded = false;
  /// Why the rewrite failed ("the pipeline rewrite failed: ...").
  std::string error;
  /// The rewritten module, analysed.
  AnalysisResult result;
  /// With keepRejectedFunctions: functions the passes reject (they already
  /// free memory, or break a precondition), left as written.
  std::vector<std::string> keptAsWritten;
};

/// `text` (the user's file `bufferName`) as `stage` rewrites it, analysed.
/// `stage` is not Input. mlir-opt fails the whole module when it rejects one
/// function; with `keepRejectedFunctions` such functions are left as written
/// instead and named in the answer.
StageRewrite rewriteForStage(ViewStage stage, std::string_view text,
                             const std::string &bufferName,
                             const AnalysisOptions &options,
                             bool keepRejectedFunctions);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_REWRITE_STAGEREWRITE_H
