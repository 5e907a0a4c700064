//===- Explain.h - The facts about one value, in words --------------------===//
//
// `bufferlens explain` and the LSP hover say the same thing about a value;
// both call this. Markdown, built only from the stored AnalysisResult (no
// analysis is re-run to answer).
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_EXPLAIN_EXPLAIN_H
#define BUFFERLENS_ANALYSIS_EXPLAIN_EXPLAIN_H

#include "analysis/model/Model.h"

#include <functional>
#include <string>

namespace bufferlens {

/// The 1-based line a byte offset of the analysed text is shown at.
using LineOfOffset = std::function<uint32_t(uint32_t offset)>;

/// Markdown describing `value`: what it is, its allocation, aliases and
/// every fact the analyses stored about it. Places are named by line:
/// `lineOf` maps them (the hover maps them into the document as it is
/// now, through its line index); without it, lines are counted in
/// `result.text()`, which costs a pass over the text per place.
std::string explainValue(const AnalysisResult &result, ValueId value,
                         const LineOfOffset &lineOf = nullptr);

/// Markdown for a block label: its function, arguments and predecessors.
std::string explainBlock(const AnalysisResult &result, BlockId block);

/// The few words an inlay hint shows after a memref definition (in
/// ExplainHints.cpp): its ownership in the defining block as the
/// ownership-based pass computes it ("owned" for unique(true), "borrowed"
/// for unique(false), "unique(%c)", "unknown"), or, where the pass did not
/// run, what the allocation kind implies. The tooltip says which. Empty
/// label: nothing to show.
struct OwnershipHint {
  std::string label;
  std::string tooltip;
};
OwnershipHint ownershipHint(const AnalysisResult &result, ValueId value);

/// The hint at a terminator where the deallocation pipeline frees buffers.
OwnershipHint freeHint(const AnalysisResult &result, const DeallocSite &site);

/// The hint after a tensor value of a function One-Shot Bufferize
/// bufferizes (TensorModel.h), by where its buffer comes from: "in place",
/// "alloc 1 KiB" ("alloc" when the size is dynamic), "copy 128 bytes"; the
/// tooltip is the hover's line (tensorBufferText). Empty label for the
/// other kinds (an argument, a buffer the op returns): nothing is made.
OwnershipHint tensorHint(const TensorBuffer &buffer);

/// "buffer (One-Shot Bufferize): <why> (128 bytes)", the hover's line
/// about a tensor value's buffer.
std::string tensorBufferText(const TensorBuffer &buffer);

/// Markdown for a finding with a path (ExplainPath.cpp): its message and
/// its steps, numbered, each with its line (`lineOf`, required).
std::string explainPath(const Finding &finding, const LineOfOffset &lineOf);

/// Markdown for an op; for a terminator, the deallocations at its block end.
std::string explainOp(const AnalysisResult &result, OpId op);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_EXPLAIN_EXPLAIN_H
