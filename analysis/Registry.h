//===- Registry.h - Dialects and contexts as mlir-opt has them ------------===//
//
// Results must match `mlir-opt` on the same input, and the deallocation
// interfaces of e.g. arith.select and scf live in dialect extensions, so every
// upstream dialect and extension is registered. Kept in one translation unit:
// InitAllDialects.h is the heaviest header we include.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_REGISTRY_H
#define BUFFERLENS_ANALYSIS_REGISTRY_H

#include <memory>

namespace mlir {
class DialectRegistry;
class MLIRContext;
} // namespace mlir

namespace bufferlens {

const mlir::DialectRegistry &dialectRegistry();

/// A context with every upstream dialect available and unregistered dialects
/// allowed. Single-threaded: BufferLens parallelises over files and
/// functions itself, and a thread pool per document would oversubscribe.
std::unique_ptr<mlir::MLIRContext> createContext();

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_REGISTRY_H
