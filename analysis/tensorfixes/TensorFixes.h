//===- TensorFixes.h - Quick fixes for the tensor view, proven by re-analysis
//===//
//
// Fixes of BL501 (copy) and BL502 (allocation) that are offered only when
// running the tensor analysis again on the edited text shows that they
// work: the finding they target is gone, every function still bufferizes,
// no finding of the tensor view appears that was not there, and the
// bufferized module allocates or copies less. Each candidate edit is a
// rewrite that cannot change what the program computes (TensorFixes.cpp
// says why for each); the re-analysis only decides whether it pays off.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_TENSORFIXES_TENSORFIXES_H
#define BUFFERLENS_ANALYSIS_TENSORFIXES_TENSORFIXES_H

#include "analysis/model/ModelTypes.h"
#include "analysis/model/Options.h"

#include "llvm/ADT/ArrayRef.h"

#include <string_view>

namespace bufferlens {

class SourceIndex;

/// Adds the verified fixes to the BL501 and BL502 findings of `functions`
/// (the functions runTensorAnalysis analysed, findings already in the
/// result). `bufferName` is the document's, for the re-analyses' parse.
void addTensorFixes(SourceIndex &index, llvm::ArrayRef<FunctionId> functions,
                    std::string_view bufferName,
                    const AnalysisOptions &options);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_TENSORFIXES_TENSORFIXES_H
