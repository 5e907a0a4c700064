//===- Registry.cpp -------------------------------------------------------===//

#include "analysis/Registry.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"

using namespace bufferlens;

const mlir::DialectRegistry &bufferlens::dialectRegistry() {
  static const mlir::DialectRegistry *registry = [] {
    auto *r = new mlir::DialectRegistry();
    mlir::registerAllDialects(*r);
    mlir::registerAllExtensions(*r);
    return r;
  }();
  return *registry;
}

std::unique_ptr<mlir::MLIRContext> bufferlens::createContext() {
  auto context = std::make_unique<mlir::MLIRContext>(
      dialectRegistry(), mlir::MLIRContext::Threading::DISABLED);
  context->allowUnregisteredDialects();
  // Diagnostics point at the source; the generic form of the op adds noise.
  context->printOpOnDiagnostic(false);
  context->printStackTraceOnDiagnostic(false);
  return context;
}
