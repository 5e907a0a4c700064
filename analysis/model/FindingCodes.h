//===- FindingCodes.h - The stable finding codes --------------------------===//
//
// One row per finding code. The README documents the same rows;
// a unit test keeps the two in step.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_MODEL_FINDINGCODES_H
#define BUFFERLENS_ANALYSIS_MODEL_FINDINGCODES_H

#include "analysis/model/ModelTypes.h"

#include <string_view>
#include <vector>

namespace bufferlens {

struct FindingCodeInfo {
  FindingCode code;
  std::string_view name; ///< codeName(code).
  Severity defaultSeverity;
  std::string_view title; ///< Short name, e.g. "leak".
  std::string_view help;  ///< One sentence for SARIF rules and hovers.
};

const std::vector<FindingCodeInfo> &allFindingCodes();
/// The row of a code other than None.
const FindingCodeInfo &findingCodeInfo(FindingCode code);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_MODEL_FINDINGCODES_H
