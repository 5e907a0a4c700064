//===- Pipeline.cpp -------------------------------------------------------===//

#include "analysis/ownership/Pipeline.h"

#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace bufferlens;
using namespace mlir;

static void addOwnershipPass(OpPassManager &pm,
                             const AnalysisOptions &options) {
  bufferization::OwnershipBasedBufferDeallocationPassOptions passOptions;
  passOptions.privateFuncDynamicOwnership =
      options.privateFunctionDynamicOwnership;
  pm.addPass(
      bufferization::createOwnershipBasedBufferDeallocationPass(passOptions));
}

void bufferlens::buildLoweringPrologue(OpPassManager &pm) {
  memref::ExpandReallocPassOptions expandOptions;
  expandOptions.emitDeallocs = false;
  pm.addPass(memref::createExpandReallocPass(expandOptions));
  pm.addPass(createCanonicalizerPass());
}

void bufferlens::buildLoweringToSimplified(OpPassManager &pm,
                                           const AnalysisOptions &options) {
  addOwnershipPass(pm, options);
  pm.addPass(createCanonicalizerPass());
  pm.addPass(bufferization::createBufferDeallocationSimplificationPass());
}

void bufferlens::buildDeallocLowering(OpPassManager &pm) {
  pm.addPass(bufferization::createLowerDeallocationsPass());
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalizerPass());
}

void bufferlens::buildLoweringRest(OpPassManager &pm,
                                   const AnalysisOptions &options) {
  buildLoweringToSimplified(pm, options);
  buildDeallocLowering(pm);
}

void bufferlens::buildOwnershipPipeline(OpPassManager &pm, OwnershipStage stage,
                                        const AnalysisOptions &options) {
  if (stage == OwnershipStage::Lowered) {
    buildLoweringPrologue(pm);
    buildLoweringRest(pm, options);
    return;
  }
  addOwnershipPass(pm, options);
  if (stage == OwnershipStage::Simplified) {
    pm.addPass(createCanonicalizerPass());
    pm.addPass(bufferization::createBufferDeallocationSimplificationPass());
    pm.addPass(createCanonicalizerPass());
  }
}
