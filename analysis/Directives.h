//===- Directives.h - `// bufferlens: ...` comments in the source ---------===//
//
// Users steer BufferLens from the file itself: `// bufferlens: ignore BL301`
// on or above a line silences findings there (`ignore` alone silences all);
// `// bufferlens: stage=deallocated|bufferized` forces the stage of every
// function in the file.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_DIRECTIVES_H
#define BUFFERLENS_ANALYSIS_DIRECTIVES_H

#include "analysis/model/LineIndex.h"
#include "analysis/model/Model.h"
#include "analysis/model/Options.h"

#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace bufferlens {

struct Directives {
  struct Ignore {
    uint32_t line;               ///< 0-based line of the comment.
    bool ownLine;                ///< Nothing but the comment on its line.
    std::set<std::string> codes; ///< Empty: every code.
  };
  std::vector<Ignore> ignores; ///< In the order of their lines.
  StageOverride stage = StageOverride::Auto;
  /// Malformed directives, reported as warnings.
  std::vector<Finding> problems;

  /// Whether a finding with `code` starting on `line` is suppressed.
  bool suppresses(FindingCode code, uint32_t line) const;
};

Directives parseDirectives(std::string_view text, const LineIndex &lines);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_DIRECTIVES_H
