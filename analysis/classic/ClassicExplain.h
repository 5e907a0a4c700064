//===- ClassicExplain.h - The classic plan of one value, in words ---------===//
//
// The section of `bufferlens explain` and of the hover about the classic
// BufferDeallocation: critical or not and why, where the value is freed (or
// why not), the clones the plan inserts, hoisting and stack promotion.
// Built from the stored ClassicPlan only.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_CLASSIC_CLASSICEXPLAIN_H
#define BUFFERLENS_ANALYSIS_CLASSIC_CLASSICEXPLAIN_H

#include "analysis/Model.h"

#include <string>

namespace bufferlens {

/// The plan of function `fn`, or null when there is none.
const ClassicPlan *classicPlanOf(const AnalysisResult &result, FunctionId fn);

/// Markdown, starting with a blank line; empty when the classic analysis
/// says nothing about `value`.
std::string explainClassic(const AnalysisResult &result, ValueId value);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_CLASSIC_CLASSICEXPLAIN_H
