//===- MultiBuffer.h - BL303's refactor: upstream's multi-buffering -------===//
//
// The multi-buffering RFC (D119406, "Loop double-buffering/multi-buffering")
// as upstream implements it: memref::multiBuffer
// (mlir/lib/Dialect/MemRef/Transforms/MultiBuffer.cpp) gives one allocation
// `factor` slices and has its loop rotate through them, as
// `transform.memref.multibuffer` does. BL303 marks where it applies.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_REWRITE_MULTIBUFFER_H
#define BUFFERLENS_ANALYSIS_REWRITE_MULTIBUFFER_H

#include "analysis/model/OperationDescriptions.h"
#include "analysis/rewrite/Rewrite.h"

namespace bufferlens {

/// `text` with the `memref.alloc` at byte `*request.allocation`
/// multi-buffered, printed as mlir-opt prints it (with `onlyFunction`: the
/// function holding it alone, which must have that name, with attributes
/// and types written out). Fails, with a diagnostic saying why, when no
/// `memref.alloc` is there, when upstream refuses it, or when its result
/// does not verify.
RewriteOutput multiBufferDocument(std::string_view text,
                                  std::string_view bufferName,
                                  const RewriteRequest &request,
                                  const ProjectDialects &dialects = {});

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_REWRITE_MULTIBUFFER_H
