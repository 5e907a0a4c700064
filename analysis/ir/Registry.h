//===- Registry.h - Dialects and contexts as mlir-opt has them ------------===//
//
// Results must match `mlir-opt` on the same input, and the deallocation
// interfaces of e.g. arith.select and scf live in dialect extensions, so every
// upstream dialect and extension is registered. Kept in one translation unit:
// InitAllDialects.h is the heaviest header we include.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_IR_REGISTRY_H
#define BUFFERLENS_ANALYSIS_IR_REGISTRY_H

#include "analysis/model/OperationDescriptions.h"

#include <cstddef>
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
/// With `dialects`, also the project's: its plugins' dialects available and
/// its described ops' stand-in dialects loaded (DialectPlugins.h,
/// DescribedDialects.h).
std::unique_ptr<mlir::MLIRContext>
createContext(const ProjectDialects &dialects = {});

/// A context for one analysis on this thread: the one this thread's last
/// analysis gave back, else a new one. Loading the dialects an analysis
/// needs (bufferization brings many with it) costs more than analysing one
/// function, so each edit's analysis would otherwise pay mostly for that.
/// Only a context made for the same `dialects` is reused: a dialect
/// loaded for one project must not change how another's text parses.
std::unique_ptr<mlir::MLIRContext>
takeThreadContext(const ProjectDialects &dialects = {});

/// Gives `context` back for this thread's next analysis, which must not
/// see any of this one's IR (destroy it first). `operations` is how many
/// operations the analysis parsed: what a context uniques is never freed,
/// so one that has seen many is destroyed instead of kept. A context whose
/// analysis crashed is never given back.
void giveBackThreadContext(std::unique_ptr<mlir::MLIRContext> context,
                           size_t operations);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_IR_REGISTRY_H
