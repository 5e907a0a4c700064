//===- Pipeline.h - The upstream deallocation passes, by stage ------------===//
//
// Each stage is a prefix of what a user would run with mlir-opt, so our
// output can be compared with it byte for byte:
//   ownership   mlir-opt --ownership-based-buffer-deallocation
//   simplified  mlir-opt --ownership-based-buffer-deallocation --canonicalize
//                        --buffer-deallocation-simplification --canonicalize
//   lowered     mlir-opt --buffer-deallocation-pipeline
//
// The lowered stage is also available in two halves: the passes before the
// ownership pass, then the rest. In between, callers check that the input
// the ownership pass will see is not one it crashes on (KnownPassCrashes.h):
// the pipeline canonicalizes first, which often removes such a shape.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_OWNERSHIP_PIPELINE_H
#define BUFFERLENS_ANALYSIS_OWNERSHIP_PIPELINE_H

#include "analysis/model/Options.h"

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace bufferlens {

enum class OwnershipStage { Ownership, Simplified, Lowered };

void buildOwnershipPipeline(mlir::OpPassManager &pm, OwnershipStage stage,
                            const AnalysisOptions &options);

/// The buffer-deallocation-pipeline's passes before the ownership pass
/// (expand-realloc, canonicalize) ...
void buildLoweringPrologue(mlir::OpPassManager &pm);
/// ... and from it on. Together, exactly upstream's pipeline
/// (test/unit/AliasCheckProofTest.cpp compares their textual forms).
void buildLoweringRest(mlir::OpPassManager &pm, const AnalysisOptions &options);
/// The rest in two parts: up to the simplified deallocs (ownership pass,
/// canonicalize, buffer-deallocation-simplification) ...
void buildLoweringToSimplified(mlir::OpPassManager &pm,
                               const AnalysisOptions &options);
/// ... then their lowering (bufferization-lower-deallocations, cse,
/// canonicalize).
void buildDeallocLowering(mlir::OpPassManager &pm);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_OWNERSHIP_PIPELINE_H
