//===- AcmePlugin.cpp - The acme dialect as a dialect plugin --------------===//
//
// Loaded by `mlir-opt --load-dialect-plugin` and `bufferlens
// --load-dialect-plugin` alike, through MLIR's plugin entry point
// (mlir/Tools/Plugins/DialectPlugin.h).
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"

#include <cstdlib>

#include "AcmeOpsDialect.h.inc"

#define GET_OP_CLASSES
#include "AcmeOps.h.inc"

using namespace mlir;

#include "AcmeOpsDialect.cpp.inc"

#define GET_OP_CLASSES
#include "AcmeOps.cpp.inc"

void acme::AcmeDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "AcmeOps.cpp.inc"
      >();
}

// Enters its region from the op, and leaves it to the op's results
// (scf.execute_region's control flow).
void acme::ExecuteOp::getSuccessorRegions(
    RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  if (point.isParent()) {
    regions.push_back(RegionSuccessor(&getBody()));
    return;
  }
  regions.push_back(RegionSuccessor(getOperation(), getResults()));
}

namespace {
// acme.scale's BufferizableOpInterface, an external model as upstream's
// tensor.insert has (InsertOpInterface in llvm-project's
// mlir/lib/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.cpp): the
// op reads and writes its input's buffer, and its result is that buffer.
// One-Shot Bufferize's analysis decides whether the write may go to the
// input's buffer; where it may not, the framework copies the input first
// and `getBuffer` returns the copy. The analysis half is shared with
// acme.broken_scale (below).
template <typename ConcreteModel, typename ConcreteOp>
struct ReadWriteInPlaceModel
    : public bufferization::BufferizableOpInterface::ExternalModel<
          ConcreteModel, ConcreteOp> {
  bool bufferizesToMemoryRead(Operation *, OpOperand &,
                              const bufferization::AnalysisState &) const {
    return true;
  }

  bool bufferizesToMemoryWrite(Operation *, OpOperand &,
                               const bufferization::AnalysisState &) const {
    return true;
  }

  bufferization::AliasingValueList
  getAliasingValues(Operation *op, OpOperand &,
                    const bufferization::AnalysisState &) const {
    return {{op->getOpResult(0), bufferization::BufferRelation::Equivalent}};
  }
};

struct ScaleOpInterface
    : public ReadWriteInPlaceModel<ScaleOpInterface, acme::ScaleOp> {
  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const bufferization::BufferizationOptions &options,
                          bufferization::BufferizationState &state) const {
    auto scale = cast<acme::ScaleOp>(op);
    FailureOr<Value> buffer =
        bufferization::getBuffer(rewriter, scale.getInput(), options, state);
    if (failed(buffer))
      return failure();
    acme::ScaleIntoOp::create(rewriter, op->getLoc(), *buffer,
                              scale.getFactor(), *buffer);
    bufferization::replaceOpWithBufferizedValues(rewriter, op, *buffer);
    return success();
  }
};

// acme.broken_scale's model: acme.scale's analysis, and a bufferize() that
// aborts inside upstream's pass, as a plugin with a bug would (mlir-opt
// dies of it too). The tensor view's crash isolation is tested with it.
struct BrokenScaleOpInterface
    : public ReadWriteInPlaceModel<BrokenScaleOpInterface,
                                   acme::BrokenScaleOp> {
  LogicalResult bufferize(Operation *, RewriterBase &,
                          const bufferization::BufferizationOptions &,
                          bufferization::BufferizationState &) const {
    std::abort();
  }
};
} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Acme", LLVM_VERSION_STRING,
          [](DialectRegistry *registry) {
            registry->insert<acme::AcmeDialect>();
            // Attached when the dialect loads, as upstream's
            // registerBufferizableOpInterfaceExternalModels do.
            registry->addExtension(
                +[](MLIRContext *context, acme::AcmeDialect *) {
                  acme::ScaleOp::attachInterface<ScaleOpInterface>(*context);
                  acme::BrokenScaleOp::attachInterface<BrokenScaleOpInterface>(
                      *context);
                });
          }};
}
