//===- Preconditions.h - The deallocation pass's rejections, explained ----===//
//
// The pass checks its preconditions (OwnershipBasedBufferDeallocation.md
// "Limitations") and fails with a terse message at the op. BL204 says the same
// in plain words, at the op's name in the user's source.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_OWNERSHIP_PRECONDITIONS_H
#define BUFFERLENS_ANALYSIS_OWNERSHIP_PRECONDITIONS_H

#include "analysis/model/Model.h"

#include <string>

namespace bufferlens {

class SourceIndex;

/// A BL204 finding for the pass's `message` about the user's op `op` (kNone
/// when the message is about function `fn` itself; `fallback` is the range
/// the message's location points at).
Finding explainRejection(const SourceIndex &index, FunctionId fn, OpId op,
                         const std::string &message, SourceRange fallback);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_OWNERSHIP_PRECONDITIONS_H
