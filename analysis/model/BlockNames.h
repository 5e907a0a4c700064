//===- BlockNames.h - Blocks as users name them ---------------------------===//
//
// A region's entry block has no label in the source (MLIR prints none), and
// every one of them would be `^bb0`: messages and explanations name it by
// its region instead.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_MODEL_BLOCKNAMES_H
#define BUFFERLENS_ANALYSIS_MODEL_BLOCKNAMES_H

#include "analysis/model/Model.h"

#include <string>

namespace bufferlens {

/// `^bb1`, `the entry block`, `the then region of scf.if`, `the body of
/// scf.for`, `region #1 of test.op`.
std::string describeBlock(const AnalysisResult &result, BlockId block);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_MODEL_BLOCKNAMES_H
