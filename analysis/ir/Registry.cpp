//===- Registry.cpp -------------------------------------------------------===//

#include "analysis/ir/Registry.h"
#include "analysis/ir/DescribedDialects.h"
#include "analysis/ir/DialectPlugins.h"

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

std::unique_ptr<mlir::MLIRContext>
bufferlens::createContext(const ProjectDialects &dialects) {
  auto context = std::make_unique<mlir::MLIRContext>(
      dialectRegistry(), mlir::MLIRContext::Threading::DISABLED);
  context->allowUnregisteredDialects();
  // Diagnostics point at the source; the generic form of the op adds noise.
  context->printOpOnDiagnostic(false);
  context->printStackTraceOnDiagnostic(false);
  appendPluginDialects(*context, dialects.plugins);
  loadDescribedDialects(*context, dialects.operations);
  return context;
}

namespace {
/// Contexts retire after this many parsed operations (about 3,000 edits of
/// a ten-line function; a whole 20k-line document at once).
constexpr size_t kContextRetiresAfterOps = 30000;

struct ThreadContext {
  std::unique_ptr<mlir::MLIRContext> context;
  ProjectDialects dialects;
  size_t operations = 0;
};
thread_local ThreadContext spare;
} // namespace

std::unique_ptr<mlir::MLIRContext>
bufferlens::takeThreadContext(const ProjectDialects &dialects) {
  if (spare.context && spare.dialects == dialects) {
    // Equal by value; the descriptions this analysis holds are the ones
    // its ops' interfaces must read.
    loadDescribedDialects(*spare.context, dialects.operations);
    return std::move(spare.context);
  }
  spare.context.reset();
  spare.operations = 0;
  spare.dialects = dialects;
  return createContext(dialects);
}

void bufferlens::giveBackThreadContext(
    std::unique_ptr<mlir::MLIRContext> context, size_t operations) {
  spare.operations += operations;
  if (spare.operations > kContextRetiresAfterOps) {
    spare.operations = 0;
    return; // `context` is destroyed here.
  }
  spare.context = std::move(context);
}
