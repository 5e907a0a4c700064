//===- AcmePlugin.cpp - The acme dialect as a dialect plugin --------------===//
//
// Loaded by `mlir-opt --load-dialect-plugin` and `bufferlens
// --load-dialect-plugin` alike, through MLIR's plugin entry point
// (mlir/Tools/Plugins/DialectPlugin.h).
//
//===----------------------------------------------------------------------===//

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

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {
      MLIR_PLUGIN_API_VERSION, "Acme", LLVM_VERSION_STRING,
      [](DialectRegistry *registry) { registry->insert<acme::AcmeDialect>(); }};
}
