//===- Origins.h - Ops of a rewritten module -> the user's source ---------===//
//
// A stage graph (classic, ownership, pipeline) draws the analysis of the
// rewritten module's text, but a click on it must land in the user's file.
// A rewrite prints its module with debug locations; SourceIndex records for
// every op whose location names another buffer that buffer's line and
// column (OpEntry::origin*). OriginMap resolves those to the user op at that
// position, so an op that came from the user's file links to its range there
// and an op a pass inserted links to the user op it was placed at.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_VIZ_ORIGINS_H
#define BUFFERLENS_VIZ_ORIGINS_H

#include "analysis/model/Model.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bufferlens::viz {

class OriginMap {
public:
  /// `user` is the analysis of the document named `userBufferName` (as it
  /// was passed to analyzeDocument and printed in the rewrite's locations);
  /// `rewritten` the analysis of the rewrite's text.
  OriginMap(const AnalysisResult &user, std::string_view userBufferName,
            const AnalysisResult &rewritten);

  const AnalysisResult &user() const { return userResult; }

  /// The range in the user's text of the op `rewrittenOp` came from or was
  /// placed at; nullopt when its location is not in the user's file.
  std::optional<SourceRange> userRangeOf(OpId rewrittenOp) const {
    return rewrittenOp >= 0 && (size_t)rewrittenOp < ranges.size()
               ? ranges[rewrittenOp]
               : std::nullopt;
  }
  /// The user op at that range, or kNone.
  OpId userOpOf(OpId rewrittenOp) const {
    return rewrittenOp >= 0 && (size_t)rewrittenOp < userOps.size()
               ? userOps[rewrittenOp]
               : kNone;
  }

private:
  const AnalysisResult &userResult;
  std::vector<std::optional<SourceRange>> ranges;
  std::vector<OpId> userOps;
};

/// Whether a location's file name denotes the buffer named `bufferName`: the
/// same string, or the same last path component (a rewrite run elsewhere
/// may print a relative or absolute path to the same file).
bool sameBuffer(std::string_view locationFile, std::string_view bufferName);

} // namespace bufferlens::viz

#endif // BUFFERLENS_VIZ_ORIGINS_H
