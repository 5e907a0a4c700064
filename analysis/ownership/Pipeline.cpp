//===- Pipeline.cpp -------------------------------------------------------===//

#include "analysis/ownership/Pipeline.h"

#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace bufferlens;
using namespace mlir;

void bufferlens::buildOwnershipPipeline(OpPassManager &pm,
                                        OwnershipStage stage,
                                        const AnalysisOptions &options) {
  if (stage == OwnershipStage::Lowered) {
    bufferization::BufferDeallocationPipelineOptions pipelineOptions;
    pipelineOptions.privateFunctionDynamicOwnership =
        options.privateFunctionDynamicOwnership;
    bufferization::buildBufferDeallocationPipeline(pm, pipelineOptions);
    return;
  }
  bufferization::OwnershipBasedBufferDeallocationPassOptions passOptions;
  passOptions.privateFuncDynamicOwnership =
      options.privateFunctionDynamicOwnership;
  pm.addPass(
      bufferization::createOwnershipBasedBufferDeallocationPass(passOptions));
  if (stage == OwnershipStage::Simplified) {
    pm.addPass(createCanonicalizerPass());
    pm.addPass(bufferization::createBufferDeallocationSimplificationPass());
    pm.addPass(createCanonicalizerPass());
  }
}
