//===- BufferizedFindings.h - The memref analyses on tensor functions -----===//
//
// The findings of the analyses of bufferized IR (BL203 run-time alias
// checks, BL204 pass preconditions, BL301 promote to stack, BL302
// hoisting) for functions that still work on tensors: the analyses run on
// upstream One-Shot Bufferize's output of the function, and a finding is
// reported on the user's tensor op only where it maps back exactly: the op
// it is at carries the location of exactly one of the user's ops, an
// allocation's op is the tensor op whose bufferization makes that one
// allocation, and every value its message names is the buffer of one of
// the user's values. Anything else is left out: saying less beats saying
// something about the wrong op.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_TENSORMEMREF_BUFFERIZEDFINDINGS_H
#define BUFFERLENS_ANALYSIS_TENSORMEMREF_BUFFERIZEDFINDINGS_H

#include "analysis/model/ModelTypes.h"
#include "analysis/model/Options.h"

#include "llvm/ADT/ArrayRef.h"

namespace bufferlens {

class SourceIndex;

/// Adds the mapped findings for `functions` (the functions the tensor
/// analysis ran on; those it bufferized with at least one allocation are
/// looked at), after runTensorAnalysis filled their plans.
void reportBufferizedFindings(SourceIndex &index,
                              llvm::ArrayRef<FunctionId> functions,
                              const AnalysisOptions &options);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_TENSORMEMREF_BUFFERIZEDFINDINGS_H
