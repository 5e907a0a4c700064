//===- BufferizedCopy.h - Upstream's bufferized functions as a document ---===//
//
// The memref analyses of BufferizedFindings.cpp read upstream One-Shot
// Bufferize's output of the tensor functions that allocate. That output is
// the tensor view's own: each batch's copy right after its bufferizing run
// (tensor/TensorAnalysis.cpp), before the deallocation pass of the
// releases rewrites it. A batch is whole components of the call graph, so
// what is printed is what `mlir-opt
// --one-shot-bufferize=bufferize-function-boundaries` makes of the whole
// module, callees' bodies included, and no run of the pass is repeated for
// it.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_TENSORMEMREF_BUFFERIZEDCOPY_H
#define BUFFERLENS_ANALYSIS_TENSORMEMREF_BUFFERIZEDCOPY_H

#include "analysis/model/ModelTypes.h"

#include "mlir/IR/Location.h"
#include "llvm/ADT/ArrayRef.h"

#include <string>

namespace bufferlens {

class SourceIndex;
class TaggedClone;

/// The text of a module holding the bufferized `functions` of `clone` and,
/// for the other symbols they name, what TaggedClone puts in a small
/// module (TaggedClone::standInFor: a function as a private declaration,
/// with its bufferized signature; a global whole). Each op is located at
/// the one user op its tags name (printedOrigin reads it back), or unknown
/// when they name none or several (ops a pass fused); block arguments are
/// unknown. `clone` is not changed.
std::string printBufferizedFunctions(const SourceIndex &index,
                                     const TaggedClone &clone,
                                     llvm::ArrayRef<FunctionId> functions);

/// The user's op a location of that text names, or kNone.
OpId printedOrigin(mlir::Location loc);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_TENSORMEMREF_BUFFERIZEDCOPY_H
