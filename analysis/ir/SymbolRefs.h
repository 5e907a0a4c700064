//===- SymbolRefs.h - The symbol references inside an op, listed fast
//------===//
//
// What mlir::SymbolTable::getSymbolUses(Operation *) lists, in the same
// order and with the same refusal (nullopt where an unregistered op with a
// region may be a symbol table), without its cost. Upstream builds each
// op's attribute dictionary (for an op with properties, a new uniqued
// attribute, under the context's lock) and walks every attribute through
// the generic walker; the tensor view lists the symbols of every function
// several times (its batches, their bufferized copies, the functions the
// ownership analysis moves alone), and that listing was a twentieth of
// linting a tensor module. Here an op's attributes are read where they
// are stored, and only attributes that can hold a reference are walked.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_IR_SYMBOLREFS_H
#define BUFFERLENS_ANALYSIS_IR_SYMBOLREFS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace bufferlens {

/// The symbol references on `from` and on the ops nested in it, not
/// looking into nested symbol tables, as SymbolTable::getSymbolUses(from)
/// lists them; nullopt when it would.
std::optional<llvm::SmallVector<mlir::SymbolRefAttr>>
symbolRefsIn(mlir::Operation *from);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_IR_SYMBOLREFS_H
