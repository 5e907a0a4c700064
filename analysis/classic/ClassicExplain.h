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

#include "analysis/model/Model.h"

#include <string>
#include <vector>

namespace bufferlens {

/// The plan of function `fn`, or null when there is none.
const ClassicPlan *classicPlanOf(const AnalysisResult &result, FunctionId fn);

/// Markdown, starting with a blank line; empty when the classic analysis
/// says nothing about `value`.
std::string explainClassic(const AnalysisResult &result, ValueId value);

/// A place where the classic plan makes a buffer critical, and why.
struct CriticalAliasSite {
  SourceRange range;
  std::string message;
};

/// For the buffer of `value` (it and its aliases): each critical alias among
/// them, at its definition; and each operand through which the buffer flows
/// into one, where the plan inserts a clone (every incoming operand when
/// `value` is the critical alias itself). In source order; empty when the
/// function has no classic plan. CriticalAliasSites.cpp.
std::vector<CriticalAliasSite> criticalAliasSites(const AnalysisResult &result,
                                                  ValueId value);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_CLASSIC_CLASSICEXPLAIN_H
