//===- Pipeline.h - The upstream deallocation passes, by stage ------------===//
//
// Each stage is a prefix of what a user would run with mlir-opt, so our
// output can be compared with it byte for byte:
//   ownership   mlir-opt --ownership-based-buffer-deallocation
//   simplified  mlir-opt --ownership-based-buffer-deallocation --canonicalize
//                        --buffer-deallocation-simplification --canonicalize
//   lowered     mlir-opt --buffer-deallocation-pipeline
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_OWNERSHIP_PIPELINE_H
#define BUFFERLENS_ANALYSIS_OWNERSHIP_PIPELINE_H

#include "analysis/Options.h"

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace bufferlens {

enum class OwnershipStage { Ownership, Simplified, Lowered };

void buildOwnershipPipeline(mlir::OpPassManager &pm, OwnershipStage stage,
                            const AnalysisOptions &options);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_OWNERSHIP_PIPELINE_H
