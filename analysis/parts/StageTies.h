//===- StageTies.h - When one function's stage depends on the others ------===//
//
// In the auto stage, a module holding what only upstream's deallocation
// pipeline writes makes every function of it deallocated
// (analysis/Analyzer.cpp, moduleIsDeallocated): a part, or an operation
// analysed without the others, could then decide a function's stage
// otherwise than the whole document. Such a document is analysed whole.
// The test is lexical, on the op names the analysis looks for, so that it
// is cheap and errs one way: a mention in a comment costs only the
// parallelism.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_PARTS_STAGETIES_H
#define BUFFERLENS_ANALYSIS_PARTS_STAGETIES_H

#include "analysis/model/Options.h"

#include <string_view>

namespace bufferlens {

inline bool stageDependsOnOtherOperations(std::string_view text,
                                          const AnalysisOptions &options) {
  if (options.stage != StageOverride::Auto)
    return false;
  for (std::string_view name :
       {"bufferization.dealloc", "memref.extract_aligned_pointer_as_index",
        "memref.extract_strided_metadata"})
    if (text.find(name) != std::string_view::npos)
      return true;
  return false;
}

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_PARTS_STAGETIES_H
