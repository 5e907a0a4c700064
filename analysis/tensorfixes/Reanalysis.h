//===- Reanalysis.h - The tensor analysis of an edited text ---------------===//
//
// A candidate fix is kept only if the tensor analysis of the text it
// leaves says it works. An outcome is what the tensor view concludes about
// a whole document, in terms that survive an edit: findings as function,
// code and message (their messages name no line), and how many
// allocations and copies One-Shot Bufferize and the deallocation after it
// add.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_TENSORFIXES_REANALYSIS_H
#define BUFFERLENS_ANALYSIS_TENSORFIXES_REANALYSIS_H

#include "analysis/model/Model.h"
#include "analysis/model/Options.h"

#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace bufferlens {
namespace tensorfixes {

struct TensorOutcome {
  /// MLIR's errors (parse, verifier).
  size_t errors = 0;
  /// Functions One-Shot Bufferize fails on.
  size_t failed = 0;
  /// `memref.alloc`s and copies of the bufferized functions, and the clones
  /// the deallocation adds at their returns.
  size_t effects = 0;
  /// BL501-BL503 as `@function BLnnn message`.
  std::multiset<std::string> findings;
};

/// The key of `finding` in TensorOutcome::findings.
std::string outcomeKey(const AnalysisResult &result, const Finding &finding);

/// What `result`'s tensor analysis concluded.
TensorOutcome outcomeOf(const AnalysisResult &result);

/// Parses `text` in `context` and runs the tensor analysis alone on its
/// functions on tensors named in `analysed` (those the document's analysis
/// bufferized: one past its budget is not run again), under the function
/// budget; nullopt when nothing could be parsed or a run went past the
/// budget.
std::optional<TensorOutcome> reanalyse(mlir::MLIRContext &context,
                                       std::string text,
                                       std::string_view bufferName,
                                       const std::set<std::string> &analysed,
                                       const AnalysisOptions &options);

/// Whether `after` shows the fix of the finding `target` (a key of
/// `before`) works: that finding is gone (one fewer of its kind), no
/// finding is new, no new MLIR error, no function fails to bufferize that
/// did not, and fewer allocations and copies.
bool provesFix(const TensorOutcome &before, const TensorOutcome &after,
               const std::string &target);

} // namespace tensorfixes
} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_TENSORFIXES_REANALYSIS_H
