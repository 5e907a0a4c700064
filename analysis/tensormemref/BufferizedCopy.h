//===- BufferizedCopy.h - Upstream's bufferized functions, copied ---------===//
//
// The memref analyses of BufferizedFindings.cpp read upstream One-Shot
// Bufferize's output of the tensor functions that allocate. That output is
// the tensor view's own: each batch's copy right after its bufferizing run
// (tensor/TensorAnalysis.cpp), before the deallocation pass of the
// releases rewrites it. A batch is whole components of the call graph, so
// what is copied is what `mlir-opt
// --one-shot-bufferize=bufferize-function-boundaries` makes of the whole
// module, callees' bodies included, and no run of the pass is repeated for
// it. The copy stays in memory (ParsedModule::adopt): printing it and
// parsing it again was a fifth of linting a tensor module.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_TENSORMEMREF_BUFFERIZEDCOPY_H
#define BUFFERLENS_ANALYSIS_TENSORMEMREF_BUFFERIZEDCOPY_H

#include "analysis/model/ModelTypes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/ArrayRef.h"

namespace bufferlens {

class SourceIndex;
class TaggedClone;

/// A module holding copies of the bufferized `functions` of `clone` and,
/// for the other symbols they name, what TaggedClone puts in a small
/// module (TaggedClone::standInFor: a function as a private declaration,
/// with its bufferized signature; a global whole). Each op's location
/// names the one user op its location in `clone` names (copiedOrigin reads
/// it back): that op's own position when it names it alone, else one
/// made for it. It is unknown when they name none or several (ops a pass
/// fused); block arguments are unknown. `clone` is not changed.
mlir::OwningOpRef<mlir::ModuleOp>
copyBufferizedFunctions(const SourceIndex &index, const TaggedClone &clone,
                        llvm::ArrayRef<FunctionId> functions);

/// The op of `user` (the index `clone` was made from) a location of that
/// module names, or kNone.
OpId copiedOrigin(const SourceIndex &user, mlir::Location loc);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_TENSORMEMREF_BUFFERIZEDCOPY_H
