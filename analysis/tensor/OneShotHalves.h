//===- OneShotHalves.h - One-Shot Bufferize's analysis, kept for its rewrite =//
//
// The tensor view needs two things of upstream's `one-shot-bufferize` on
// one copy: the markers of `test-analysis-only print-conflicts` (which
// operands are out of place, and why) and the bufferized IR. Run as the
// pass, that is two runs, and the second analyses again what the first
// did (the One-Shot Analysis was a tenth of a tensor `lint`). OneShotHalves
// runs the pass's two halves as upstream's own driver chains them
// (OneShotModuleBufferize.cpp, runOneShotModuleBufferize, and
// TensorCopyInsertion.cpp, insertTensorCopies): the analysis once, with
// the markers; then, on the same copy, the copies that analysis decided
// and the bufferization. IREE's bufferization splits it at the same place.
//
// The options are parsed by the pass's own generated option parser and
// turned into OneShotBufferizationOptions as the pass does
// (mlir/lib/Dialect/Bufferization/Transforms/Bufferize.cpp,
// OneShotBufferizePass::runOnOperation). Options the halves do not cover
// (copy-before-write, no-analysis-func-filter, and the combinations the
// pass refuses with an error of its own) give no halves: the caller runs
// the pass twice, as before. test/unit/OneShotHalvesTest.cpp checks the
// halves' IR against the pass's, option by option, on the tensor inputs.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_TENSOR_ONESHOTHALVES_H
#define BUFFERLENS_ANALYSIS_TENSOR_ONESHOTHALVES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <memory>

namespace bufferlens::tensor {

class OneShotHalves {
public:
  /// The halves for `passOptions` (in the pass's syntax, without
  /// test-analysis-only and print-conflicts), or null where only the pass
  /// does what they ask.
  static std::unique_ptr<OneShotHalves> forOptions(llvm::StringRef passOptions);
  ~OneShotHalves();
  /// New halves with these options and no analysis yet: the options are
  /// parsed once per document, not once per batch.
  std::unique_ptr<OneShotHalves> fresh() const;

  /// One-Shot Analysis of `module`, writing the markers of
  /// `test-analysis-only print-conflicts`; what it decided is kept for
  /// bufferize. Errors go to the context's diagnostic handler.
  mlir::LogicalResult analyse(mlir::ModuleOp module);
  /// On the module analyse ran on, its markers taken off again
  /// (AttributesBefore): the tensor copies the analysis decided, then the
  /// bufferization. Uses up the analysis.
  mlir::LogicalResult bufferize(mlir::ModuleOp module);

  struct Impl;

private:
  explicit OneShotHalves(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

} // namespace bufferlens::tensor

#endif // BUFFERLENS_ANALYSIS_TENSOR_ONESHOTHALVES_H
