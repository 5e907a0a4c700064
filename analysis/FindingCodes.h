//===- FindingCodes.h - The stable finding codes --------------------------===//
//
// One row per finding code. The README documents the same rows;
// a unit test keeps the two in step.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_FINDINGCODES_H
#define BUFFERLENS_ANALYSIS_FINDINGCODES_H

#include "analysis/Model.h"

#include <string_view>
#include <vector>

namespace bufferlens {

struct FindingCodeInfo {
  std::string_view code;
  Severity defaultSeverity;
  std::string_view title; ///< Short name, e.g. "leak".
  std::string_view help;  ///< One sentence for SARIF rules and hovers.
};

const std::vector<FindingCodeInfo> &allFindingCodes();
/// Null for an unknown code.
const FindingCodeInfo *findingCodeInfo(std::string_view code);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_FINDINGCODES_H
